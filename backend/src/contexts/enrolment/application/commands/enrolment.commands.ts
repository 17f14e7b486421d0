import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { assertSelf, assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { GetCourseTitle } from '../../../catalogue/index.js';
import { GetStudentProfile, type StudentView } from '../../../identity/index.js';
import { StudentCourseUnitOfWork } from '../student-course.unit-of-work.js';

/** The spec's rule: a student whose formation title is the course's title counts as enrolled. */
export function matchesFormation(formationTitle: string | null, courseTitle: string): boolean {
  return !!formationTitle && formationTitle.trim().toLocaleLowerCase('fr') === courseTitle.trim().toLocaleLowerCase('fr');
}

/** A student enrols (or an admin enrols them: the back office's "Assigner cours"). */
export class EnrolStudent {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
  ) {}
}

@CommandHandler(EnrolStudent)
export class EnrolStudentHandler implements ICommandHandler<EnrolStudent, { enrolledAt: Date }> {
  constructor(
    private readonly work: StudentCourseUnitOfWork,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId, courseId }: EnrolStudent): Promise<{ enrolledAt: Date }> {
    assertSelfOrAdmin(actor, 'student', studentId);
    await this.queries.execute(new GetStudentProfile(studentId));
    await this.queries.execute(new GetCourseTitle(courseId));
    const by = actor.role === 'admin' ? 'admin' : 'student';
    const aggregate = await this.work.change(studentId, courseId, (sc) => sc.enrol(this.clock.now(), by));
    return { enrolledAt: aggregate.enrolledAt! };
  }
}

export class RateCourse {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
    readonly rating: unknown,
    readonly reviews: string,
  ) {}
}

@CommandHandler(RateCourse)
export class RateCourseHandler implements ICommandHandler<RateCourse, void> {
  constructor(
    private readonly work: StudentCourseUnitOfWork,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId, courseId, rating, reviews }: RateCourse): Promise<void> {
    assertSelf(actor, 'student', studentId);
    const [student, course] = await Promise.all([
      this.queries.execute<GetStudentProfile, StudentView>(new GetStudentProfile(studentId)),
      this.queries.execute<GetCourseTitle, { title: string }>(new GetCourseTitle(courseId)),
    ]);
    const byFormation = matchesFormation(student.formation_title, course.title);
    await this.work.change(studentId, courseId, (sc) => sc.rate(rating, reviews, this.clock.now(), byFormation));
  }
}

export class SetFavourite {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
    readonly favourite: boolean,
  ) {}
}

@CommandHandler(SetFavourite)
export class SetFavouriteHandler implements ICommandHandler<SetFavourite, void> {
  constructor(
    private readonly work: StudentCourseUnitOfWork,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId, courseId, favourite }: SetFavourite): Promise<void> {
    assertSelf(actor, 'student', studentId);
    await this.queries.execute(new GetCourseTitle(courseId));
    await this.work.change(studentId, courseId, (sc) => (favourite ? sc.favourite(this.clock.now()) : sc.unfavourite()));
  }
}
