import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Actor, Clock, ConflictError } from '../../../../shared-kernel/index.js';
import { GetCourseTitle } from '../../../catalogue/contracts/catalogue.queries.js';
import { GetClosedProfiles, GetStudentProfile } from '../../../identity/contracts/identity.queries.js';
import { StudentCourse } from '../../domain/student-course.aggregate.js';

/** The refusal of an enrolment of a closed account (ADR 0015, issue 22). */
export const CLOSED_FOR_ENROLMENT = 'Ce compte est clôturé : il ne peut plus être inscrit à un cours.';

/** A student enrols (or an admin enrols them: the back office's "Assigner cours"); a closed account no more. */
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
    if ((await this.queries.execute(new GetClosedProfiles('student', [studentId]))).size > 0) throw new ConflictError(CLOSED_FOR_ENROLMENT);
    // A draft is closed to enrolment: the same 404 as an unknown course (docs/adr/0030).
    await this.queries.execute(new GetCourseTitle(courseId, true));
    return this.store.transaction(async (uow) => {
      const link = (await uow.find(StudentCourse, { studentId, courseId })) ?? uow.add(new StudentCourse(studentId, courseId));
      link.enrol(this.clock.now(), actor.role === 'admin' ? 'admin' : 'student');
      return { enrolledAt: link.enrolledAt! };
    }, { actor });
  }
}
