import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { StudentNotFoundError } from '../../domain/identity.errors.js';
import { STUDENT_RECORD_SELECT, toStudentRecordView, type StudentRecordSelectRow, type StudentRecordView } from './record-views.js';

/** One student's record, closed accounts included (their history stays readable for audits). */
export class GetStudentRecord extends Query<StudentRecordView> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
  ) {
    super();
  }
}

@QueryHandler(GetStudentRecord)
export class GetStudentRecordHandler implements IQueryHandler<GetStudentRecord> {
  constructor(private readonly db: Database) {}

  async execute({ actor, studentId }: GetStudentRecord): Promise<StudentRecordView> {
    assertAdmin(actor);
    const row = await this.db.one<StudentRecordSelectRow>(`${STUDENT_RECORD_SELECT} where id = $1`, [studentId]);
    if (!row) throw new StudentNotFoundError();
    return toStudentRecordView(row);
  }
}
