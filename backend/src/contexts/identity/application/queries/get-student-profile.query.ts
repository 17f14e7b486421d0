import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { GetStudentProfile, type StudentView } from '../../contracts/identity.queries.js';
import { StudentNotFoundError } from '../../domain/identity.errors.js';

export const STUDENT_PROFILE_SQL = `
  select s.id, s.fullname, a.email, a.username, s.interested_categories as interseted_categories,
         s.profile_img, a.is_active, s.formation_title
    from identity.student s join identity.account a on a.id = s.account_id
   where s.id = $1`;

@QueryHandler(GetStudentProfile)
export class GetStudentProfileHandler implements IQueryHandler<GetStudentProfile> {
  constructor(private readonly db: Database) {}

  async execute({ reader, studentId }: GetStudentProfile): Promise<StudentView> {
    if (reader !== 'system') assertSelfOrAdmin(reader, 'student', studentId);
    const row = await this.db.one<StudentView>(STUDENT_PROFILE_SQL, [studentId]);
    if (!row) throw new StudentNotFoundError();
    return row;
  }
}
