import { Migration } from '@mikro-orm/migrations';

/**
 * The student dashboard's counters in one projection row per student (issue 11): account state,
 * courses enrolled and completed, homework done and pending, read with one SELECT. It replaces
 * tutoring's homework_count. docs/learning-progress.md.
 */
export class Migration20261123014StudentDashboard extends Migration {
  override name = '20261123-014-student-dashboard';

  override up(): void {
    this.addSql(`create table progress.student_dashboard (
      student_id integer primary key,
      is_active boolean not null default true,
      enrolled_courses integer not null default 0,
      courses_completed integer not null default 0,
      complete_assignments integer not null default 0,
      pending_assignments integer not null default 0
    )`);
    this.addSql(`drop table tutoring.homework_count`);
    this.addSql(`delete from eventlog.checkpoint where name = 'tutoring.homework-count'`);
  }
}
