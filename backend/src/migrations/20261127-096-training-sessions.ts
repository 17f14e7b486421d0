import { Migration } from '@mikro-orm/migrations';

/**
 * Training sessions and EDOF declarations (issue 29 item 2, docs/adr/0050):
 * `enrolment.training_session` (a course run between two dates, stream `enrolment.training-session/<id>`),
 * `enrolment.session_member` (its learners and trainers, kept with the day they left; a learner in
 * one session of a course at a time), the days an enrolment's entry and exit were declared on EDOF,
 * and two published views: `enrolment.training_session_summary` and `enrolment.session_learner`.
 */
export class Migration20261127096TrainingSessions extends Migration {
  override name = '20261127-096-training-sessions';

  override up(): void {
    this.addSql(`create table enrolment.training_session (
      id serial primary key,
      course_id integer not null,
      name text not null check (length(btrim(name)) > 0),
      start_date date not null,
      end_date date not null,
      created_at timestamptz not null,
      version integer not null default 0,
      constraint training_session_dates check (end_date >= start_date)
    )`);
    this.addSql(`create index training_session_course on enrolment.training_session (course_id, start_date desc)`);
    this.addSql(`create table enrolment.session_member (
      id serial primary key,
      session_id integer not null references enrolment.training_session (id),
      course_id integer not null,
      role text not null check (role in ('learner', 'trainer')),
      person_id integer not null,
      joined_at timestamptz not null,
      left_at timestamptz
    )`);
    this.addSql(`create unique index session_member_one_session_per_course on enrolment.session_member (course_id, person_id) where role = 'learner' and left_at is null`);
    this.addSql(`create unique index session_member_current on enrolment.session_member (session_id, role, person_id) where left_at is null`);
    this.addSql(`create index session_member_person on enrolment.session_member (role, person_id)`);
    this.addSql(`alter table enrolment.student_course add column edof_entry_declared_on date, add column edof_exit_declared_on date`);
    this.addSql(`create view enrolment.training_session_summary as
      select s.id as session_id, s.course_id, s.name, s.start_date, s.end_date from enrolment.training_session s`);
    this.addSql(`create view enrolment.session_learner as
      select m.session_id, m.course_id, m.person_id as student_id, m.joined_at, m.left_at
      from enrolment.session_member m where m.role = 'learner'`);
  }
}
