import { Migration } from '@mikro-orm/migrations';

/**
 * The SCORM runtime's data (issue 11): the state each SCO resumes from (applied commits only) and
 * every commit received, applied or stale, as the trace a trainer reads. docs/learning-progress.md.
 */
export class Migration20261123012ScormRuntime extends Migration {
  override name = '20261123-012-scorm-runtime';

  override up(): void {
    this.addSql(`create table progress.scorm_state (
      student_id integer not null,
      course_id integer not null,
      chapter_id integer not null,
      sco text not null,
      version text not null check (version in ('1.2', '2004')),
      cmi jsonb not null,
      total_seconds numeric not null default 0,
      updated_at timestamptz not null,
      primary key (student_id, chapter_id, sco)
    )`);
    this.addSql(`create table progress.scorm_commit (
      id bigserial primary key,
      student_id integer not null,
      course_id integer not null,
      chapter_id integer not null,
      sco text not null,
      session_id uuid not null,
      seq integer not null check (seq >= 1),
      outcome text not null check (outcome in ('applied', 'stale')),
      cmi jsonb not null,
      session_seconds numeric,
      received_at timestamptz not null,
      unique (session_id, sco, seq)
    )`);
    this.addSql(`create index scorm_commit_student on progress.scorm_commit (student_id, chapter_id, sco, id)`);
  }
}
