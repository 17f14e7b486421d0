import { Migration } from '@mikro-orm/migrations';

/**
 * The transcript (issue 26 item 5, ADR 0034) sums a learner's session times in one course: an index
 * on (student_id, course_id) so that it reads that learner's rows only, not every learner's.
 */
export class Migration20261126064Transcript extends Migration {
  override name = '20261126-064-transcript';

  override up(): void {
    this.addSql('create index session_time_student_course on progress.session_time (student_id, course_id)');
  }
}
