import { Migration } from '@mikro-orm/migrations';

/**
 * The administration context's projections (issue 13, docs/administration.md): the dashboard's
 * totals and its weekly trends (enrolments, completions, active learners), built from the log.
 */
export class Migration20261124021Administration extends Migration {
  override name = '20261124-021-administration';

  override up(): void {
    this.addSql(`create schema if not exists administration`);
    this.addSql(`create table administration.headcount (
      kind text primary key check (kind in ('students', 'teachers', 'courses')),
      total integer not null default 0,
      updated_at timestamptz not null
    )`);
    this.addSql(`create table administration.weekly_activity (
      week_start date primary key,
      enrolments integer not null default 0,
      completions integer not null default 0
    )`);
    this.addSql(`create table administration.weekly_learner (
      week_start date not null,
      student_id integer not null,
      primary key (week_start, student_id)
    )`);
  }
}
