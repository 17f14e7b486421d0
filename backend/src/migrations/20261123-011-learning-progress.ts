import { Migration } from '@mikro-orm/migrations';

/**
 * Learning progress (issue 11): each student's progress in a course (the steps opened and
 * validated, with the rule and figures that validated them, the video intervals played), the raw
 * time beats and their totals per session and step (method v1), and the quiz completions
 * assessment reported. docs/learning-progress.md.
 */
export class Migration20261123011LearningProgress extends Migration {
  override name = '20261123-011-learning-progress';

  override up(): void {
    this.addSql(`create schema if not exists progress`);
    this.addSql(`create table progress.course_progress (
      id serial primary key,
      student_id integer not null,
      course_id integer not null,
      started_at timestamptz not null,
      completed_at timestamptz,
      version integer not null default 0 check (version >= 0),
      unique (student_id, course_id)
    )`);
    this.addSql(`create table progress.step_progress (
      id serial primary key,
      course_progress_id integer not null references progress.course_progress (id),
      kind text not null check (kind in ('chapter', 'subchapter')),
      step_id integer not null,
      content_type text not null,
      opened_at timestamptz not null,
      validated_at timestamptz,
      rule text,
      figures jsonb,
      played jsonb not null default '[]',
      connected_seconds integer not null default 0,
      active_seconds integer not null default 0,
      unique (course_progress_id, kind, step_id)
    )`);
    this.addSql(`create table progress.beat (
      session_id uuid not null,
      seq integer not null check (seq >= 1),
      student_id integer not null,
      course_id integer not null,
      kind text not null,
      step_id integer not null,
      at timestamptz not null,
      visible boolean not null,
      focused boolean not null,
      playing boolean not null,
      last_input_at timestamptz,
      received_at timestamptz not null,
      primary key (session_id, seq)
    )`);
    this.addSql(`create index beat_step on progress.beat (student_id, course_id, kind, step_id)`);
    this.addSql(`create table progress.session_time (
      session_id uuid not null,
      kind text not null,
      step_id integer not null,
      student_id integer not null,
      course_id integer not null,
      method text not null,
      first_received_at timestamptz not null,
      connected_seconds integer not null,
      active_seconds integer not null,
      primary key (session_id, kind, step_id)
    )`);
    this.addSql(`create table progress.quiz_completion (
      student_id integer not null,
      quiz_id integer not null,
      attempt integer not null,
      score integer not null,
      total integer not null,
      course_id integer,
      completed_at timestamptz not null,
      primary key (student_id, quiz_id, attempt)
    )`);
  }
}
