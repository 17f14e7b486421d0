import { Migration } from '@mikro-orm/migrations';

/**
 * The learning-progress projections (issue 11) the dashboards and the administration's progress
 * screens read: per student and course, and per student overall. Filled from the log by the
 * runner. docs/learning-progress.md.
 */
export class Migration20261123013ProgressProjections extends Migration {
  override name = '20261123-013-progress-projections';

  override up(): void {
    this.addSql(`create table progress.student_course_progress (
      student_id integer not null,
      course_id integer not null,
      validated_steps integer not null default 0,
      connected_seconds integer not null default 0,
      active_seconds integer not null default 0,
      last_activity_at timestamptz,
      completed_at timestamptz,
      primary key (student_id, course_id)
    )`);
    this.addSql(`create table progress.student_progress (
      student_id integer primary key,
      validated_steps integer not null default 0,
      connected_seconds integer not null default 0,
      active_seconds integer not null default 0,
      courses_completed integer not null default 0,
      last_activity_at timestamptz
    )`);
  }
}
