import { Migration } from '@mikro-orm/migrations';

/**
 * Funding per enrolment (issue 26 item 4, docs/adr/0032): funder, dossier number, employer (name
 * and SIRET), entry and exit dates on `enrolment.student_course`, each null until an admin sets it
 * (the student record's value applies meanwhile). `first_enrolled_at` tells an enrolment that ended
 * (its funding kept and readable) from a rating or a favourite alone; it is filled from the current
 * enrolments and from the log's StudentEnrolled events for those that ended.
 * The published view `enrolment.course_enrolment` gains the enrolment's own `funder` and `dossier_number`.
 */
export class Migration20261126063EnrolmentFunding extends Migration {
  override name = '20261126-063-enrolment-funding';

  override up(): void {
    this.addSql(`alter table enrolment.student_course
      add column first_enrolled_at timestamptz,
      add column funder text check (funder in ('cpf', 'opco', 'france_travail', 'employeur', 'personnel', 'autre')),
      add column dossier_number text check (length(dossier_number) between 1 and 100),
      add column employer_name text check (length(employer_name) between 1 and 200),
      add column employer_siret text check (employer_siret ~ '^[0-9]{14}$'),
      add column entry_date date,
      add column exit_date date,
      add constraint student_course_funding_period check (exit_date >= entry_date)`);
    this.addSql(`update enrolment.student_course sc set first_enrolled_at = coalesce(
        (select min(e.occurred_at) from eventlog.event e
          where e.stream_type = 'enrolment.student-course' and e.stream_id = sc.student_id || '-' || sc.course_id
            and e.event_type = 'StudentEnrolled'),
        sc.enrolled_at)`);
    // Views may gain columns at their end (create or replace keeps the readers' ones).
    this.addSql(`create or replace view enrolment.course_enrolment as
      select student_id, course_id, enrolled_at, funder, dossier_number from enrolment.student_course where enrolled_at is not null`);
  }
}
