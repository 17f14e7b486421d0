import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { ListStudentEnrolments, type StudentEnrolment } from '../../contracts/enrolment.queries.js';

@QueryHandler(ListStudentEnrolments)
export class ListStudentEnrolmentsHandler implements IQueryHandler<ListStudentEnrolments> {
  constructor(private readonly db: Database) {}

  execute({ studentId }: ListStudentEnrolments): Promise<StudentEnrolment[]> {
    return this.db.query<StudentEnrolment>(
      `select course_id, to_char(enrolled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as enrolled_at
         from enrolment.student_course where student_id = $1 and enrolled_at is not null order by enrolled_at desc, course_id`,
      [studentId],
    );
  }
}
