import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { OPEN_STUDENT_RECORDS_SQL, toStudentRecordView, type StudentRecordSelectRow, type StudentRecordView } from './record-views.js';

/** Every open student record (GET /admin/students/full-data/), by name; closed accounts left out. */
export class ListStudentRecords extends Query<StudentRecordView[]> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@QueryHandler(ListStudentRecords)
export class ListStudentRecordsHandler implements IQueryHandler<ListStudentRecords> {
  constructor(private readonly db: Database) {}

  async execute({ actor }: ListStudentRecords): Promise<StudentRecordView[]> {
    assertAdmin(actor);
    const rows = await this.db.query<StudentRecordSelectRow>(OPEN_STUDENT_RECORDS_SQL);
    return rows.map(toStudentRecordView);
  }
}
