import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock, parisCalendarDate, type Actor } from '../../../../shared-kernel/index.js';
import { NotEnrolledInCourseError } from '../../domain/enrolment.errors.js';
import type { EdofKind } from '../../domain/edof.js';
import { StudentCourse } from '../../domain/student-course.aggregate.js';
import { edofDates } from '../queries/training-session.queries.js';

/**
 * The admin says the entry or the exit of a CPF enrolment was declared on EDOF (docs/adr/0050):
 * recorded with the server's day; sent again (a retry, a second tab), it answers the first outcome.
 */
export class DeclareOnEdof extends Command<{ declared: boolean; declaredOn: string }> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
    readonly kind: EdofKind,
  ) {
    super();
  }
}

@CommandHandler(DeclareOnEdof)
export class DeclareOnEdofHandler implements ICommandHandler<DeclareOnEdof> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId, courseId, kind }: DeclareOnEdof): Promise<{ declared: boolean; declaredOn: string }> {
    assertAdmin(actor);
    const dates = await edofDates(this.db, studentId, courseId);
    if (!dates) throw new NotEnrolledInCourseError();
    return this.store.transaction(async (uow) => {
      const link = await uow.load(StudentCourse, { studentId, courseId }, () => new NotEnrolledInCourseError());
      const declared = link.declareOnEdof(kind, dates, parisCalendarDate(this.clock.now()));
      return { declared, declaredOn: (kind === 'entry' ? link.edofEntryDeclaredOn : link.edofExitDeclaredOn)! };
    }, { actor });
  }
}
