import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { NotEnrolledInCourseError } from '../../domain/enrolment.errors.js';
import type { EnrolmentContacts } from '../../domain/enrolment-contacts.js';
import { assertStudentExists } from '../commands/set-enrolment-funding.command.js';

/** One enrolment's contacts as an admin reads them, with whether the enrolment is current. */
export interface EnrolmentContactsState {
  enrolled: boolean;
  employerName: string | null;
  contacts: EnrolmentContacts;
}

/** An admin reads an enrolment's contacts (404 when the student was never enrolled in the course). */
export class GetEnrolmentContacts extends Query<EnrolmentContactsState> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
  ) {
    super();
  }
}

@QueryHandler(GetEnrolmentContacts)
export class GetEnrolmentContactsHandler implements IQueryHandler<GetEnrolmentContacts> {
  constructor(private readonly db: Database) {}

  async execute({ actor, studentId, courseId }: GetEnrolmentContacts): Promise<EnrolmentContactsState> {
    assertAdmin(actor);
    await assertStudentExists(this.db, studentId);
    const row = await this.db.one<{ enrolled: boolean; employer_name: string | null } & Record<'employer_contact_name' | 'employer_email' | 'employer_phone' | 'funder_name' | 'funder_email', string | null>>(
      `select enrolled_at is not null as enrolled, employer_name, employer_contact_name, employer_email, employer_phone, funder_name, funder_email
         from enrolment.student_course
        where student_id = $1 and course_id = $2 and (enrolled_at is not null or first_enrolled_at is not null)`,
      [studentId, courseId],
    );
    if (!row) throw new NotEnrolledInCourseError();
    return {
      enrolled: row.enrolled,
      employerName: row.employer_name,
      contacts: {
        employerContactName: row.employer_contact_name,
        employerEmail: row.employer_email,
        employerPhone: row.employer_phone,
        funderName: row.funder_name,
        funderEmail: row.funder_email,
      },
    };
  }
}
