import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetTeacherContacts, type TeacherContact } from '../../contracts/identity.queries.js';

@QueryHandler(GetTeacherContacts)
export class GetTeacherContactsHandler implements IQueryHandler<GetTeacherContacts> {
  constructor(private readonly db: Database) {}

  async execute({ teacherIds }: GetTeacherContacts): Promise<Map<number, TeacherContact>> {
    if (teacherIds.length === 0) return new Map();
    // No booking link is kept yet (the administration issue adds it to the trainer's record).
    const rows = await this.db.query<TeacherContact>(
      `select t.id, t.full_name, a.email, t.mobile_no as telephone, nullif(t.calendly, '') as calendly, t.profile_img
         from identity.teacher t join identity.account a on a.id = t.account_id where t.id = any($1::int[]) and a.closed_at is null`,
      [[...new Set(teacherIds)]],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }
}
