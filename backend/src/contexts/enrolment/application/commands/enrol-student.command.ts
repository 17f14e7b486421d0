import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { GetCourseTitle } from '../../../catalogue/contracts/catalogue.queries.js';
import { GetStudentProfile } from '../../../identity/contracts/identity.queries.js';
import { StudentCourse } from '../../domain/student-course.aggregate.js';

/** A student enrols (or an admin enrols them: the back office's "Assigner cours"). */
export class EnrolStudent extends Command<{ enrolledAt: Date }> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
  ) {
    super();
  }
}

@CommandHandler(EnrolStudent)
export class EnrolStudentHandler implements ICommandHandler<EnrolStudent> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId, courseId }: EnrolStudent): Promise<{ enrolledAt: Date }> {
    assertSelfOrAdmin(actor, 'student', studentId);
    await this.queries.execute(new GetStudentProfile(actor, studentId));
    await this.queries.execute(new GetCourseTitle(courseId));
    return this.store.transaction(async (uow) => {
      const link = (await uow.find(StudentCourse, { studentId, courseId })) ?? uow.add(new StudentCourse(studentId, courseId));
      link.enrol(this.clock.now(), actor.role === 'admin' ? 'admin' : 'student');
      return { enrolledAt: link.enrolledAt! };
    }, { actor });
  }
}
