import { Migration } from '@mikro-orm/migrations';

/**
 * Attempts of a whole SCORM package (issue 23, item 3, docs/adr/0026): a 2004 `exitAll` (or
 * `abandonAll`) ends the learner's attempt of the chapter's package; the next opening starts the
 * next attempt, with fresh run-time data. The server numbers the attempts: every commit is filed
 * under the attempt of its session (the attempt under way when the session's first commit came),
 * the SCO states carry the attempt they belong to, and the ended attempts are listed. Nothing is
 * deleted: the previous attempt's commits stay in the trace.
 */
export class Migration20261126057ScormAttempts extends Migration {
  override name = '20261126-057-scorm-attempts';

  override up(): void {
    this.addSql('alter table progress.scorm_commit add column attempt integer not null default 1 check (attempt >= 1)');
    this.addSql('alter table progress.scorm_state add column attempt integer not null default 1 check (attempt >= 1)');
    this.addSql(`create table progress.scorm_attempt_end (
      student_id integer not null,
      chapter_id integer not null,
      attempt integer not null check (attempt >= 1),
      ended_at timestamptz not null,
      primary key (student_id, chapter_id, attempt)
    )`);
    this.addSql('create index scorm_commit_session on progress.scorm_commit (session_id)');
  }
}
