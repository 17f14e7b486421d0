import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { STUDENT_RECORD } from '../../../identity/contracts/identity.read-models.js';
import { FundingStudentNotFoundError, NotEnrolledInCourseError } from '../../domain/enrolment.errors.js';
import type { EnrolmentFunding } from '../../domain/enrolment-funding.js';
import { StudentCourse } from '../../domain/student-course.aggregate.js';

/** An admin sets how a student's enrolment in a course is funded (docs/adr/0032): the whole funding at once. */
export class SetEnrolmentFunding extends Command<{ changed: boolean }> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
    readonly funding: EnrolmentFunding,
  ) {
    super();
  }
}

/** The student exists (an open or a closed account: a closed account's enrolments keep their funding). */
export async function assertStudentExists(db: Database, studentId: number): Promise<void> {
  const found = await db.one(`select 1 from ${STUDENT_RECORD} where id = $1`, [studentId]);
  if (!found) throw new FundingStudentNotFoundError();
}

@CommandHandler(SetEnrolmentFunding)
export class SetEnrolmentFundingHandler implements ICommandHandler<SetEnrolmentFunding> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
  ) {}

  async execute({ actor, studentId, courseId, funding }: SetEnrolmentFunding): Promise<{ changed: boolean }> {
    assertAdmin(actor);
    await assertStudentExists(this.db, studentId);
    return this.store.transaction(async (uow) => {
      const link = await uow.load(StudentCourse, { studentId, courseId }, () => new NotEnrolledInCourseError());
      return { changed: link.setFunding(funding) };
    }, { actor });
  }
}
