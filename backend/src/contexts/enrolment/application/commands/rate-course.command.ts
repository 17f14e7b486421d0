import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertSelf } from '../../../../platform/auth/ownership.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { GetCourseTitle } from '../../../catalogue/contracts/catalogue.queries.js';
import { GetStudentProfile } from '../../../identity/contracts/identity.queries.js';
import { StudentCourse } from '../../domain/student-course.aggregate.js';

/** A student rates a course: the rule is `StudentCourse.rate`. */
export class RateCourse extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
    readonly rating: unknown,
    readonly reviews: string,
  ) {
    super();
  }
}

@CommandHandler(RateCourse)
export class RateCourseHandler implements ICommandHandler<RateCourse> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId, courseId, rating, reviews }: RateCourse): Promise<void> {
    assertSelf(actor, 'student', studentId);
    const [student, course] = await Promise.all([
      this.queries.execute(new GetStudentProfile(actor, studentId)),
      this.queries.execute(new GetCourseTitle(courseId)),
    ]);
    await this.store.transaction(async (uow) => {
      const link = (await uow.find(StudentCourse, { studentId, courseId })) ?? uow.add(new StudentCourse(studentId, courseId));
      link.rate(rating, reviews, this.clock.now(), { formationTitle: student.formation_title, courseTitle: course.title });
    }, { actor });
  }
}
