import { Migration } from '@mikro-orm/migrations';

/**
 * An EDOF declaration keeps the date and the deadline it was judged on (docs/adr/0050): a date moved
 * afterwards (the enrolment's funding, the session's dates) never turns a late declaration into one
 * in time. Declarations already recorded take theirs from their `EdofDeclared` event.
 */
export class Migration20261127100EdofDeclaredDates extends Migration {
  override name = '20261127-100-edof-declared-dates';

  override up(): void {
    this.addSql(`alter table enrolment.student_course
      add column edof_entry_date date, add column edof_entry_deadline date,
      add column edof_exit_date date, add column edof_exit_deadline date`);
    for (const kind of ['entry', 'exit']) {
      this.addSql(`update enrolment.student_course sc
          set edof_${kind}_date = (e.payload->>'date')::date, edof_${kind}_deadline = (e.payload->>'deadline')::date
         from eventlog.event e
        where e.event_type = 'EdofDeclared' and e.payload->>'kind' = '${kind}'
          and (e.payload->>'studentId')::int = sc.student_id and (e.payload->>'courseId')::int = sc.course_id`);
    }
    this.addSql(`alter table enrolment.student_course add constraint student_course_edof_recorded check (
      (edof_entry_declared_on is null) = (edof_entry_deadline is null) and (edof_exit_declared_on is null) = (edof_exit_deadline is null))`);
  }
}
