import { Migration } from '@mikro-orm/migrations';

/**
 * The employer's and the funder's contacts of an enrolment (issue 29 items 2 and 4, docs/adr/0032 and
 * 0054): kept on the enrolment with its funding (never deleted: a closed account's enrolments keep
 * them), and published for satisfaction, which invites them to the « employeurs » and « financeurs »
 * questionnaires, with the sessions' trainers (`enrolment.session_trainer`) for the « formateurs » ones.
 */
export class Migration20261127111EnrolmentContacts extends Migration {
  override name = '20261127-111-enrolment-contacts';

  override up(): void {
    this.addSql(`alter table enrolment.student_course
      add column employer_contact_name text check (length(employer_contact_name) between 1 and 200),
      add column employer_email text check (length(employer_email) between 3 and 254),
      add column employer_phone text check (length(employer_phone) between 1 and 30),
      add column funder_name text check (length(funder_name) between 1 and 200),
      add column funder_email text check (length(funder_email) between 3 and 254)`);
    this.addSql(`create view enrolment.enrolment_contact as
      select sc.student_id, sc.course_id, sc.employer_email, sc.funder_email
        from enrolment.student_course sc
       where sc.first_enrolled_at is not null and (sc.employer_email is not null or sc.funder_email is not null)`);
    this.addSql(`create index student_course_contacts on enrolment.student_course (course_id) where employer_email is not null or funder_email is not null`);
    this.addSql(`create view enrolment.session_trainer as
      select m.session_id, m.course_id, m.person_id as teacher_id, m.joined_at, m.left_at
        from enrolment.session_member m where m.role = 'trainer'`);
    // The trainer a « formateurs » invitation of the daily job went to (the job skips those done without reading identity each day).
    this.addSql(`alter table satisfaction.invitation add column teacher_id integer`);
    this.addSql(`create index invitation_trainer on satisfaction.invitation (questionnaire_id, teacher_id, session_id) where teacher_id is not null`);
  }
}
