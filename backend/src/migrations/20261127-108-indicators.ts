import { Migration } from '@mikro-orm/migrations';

/**
 * The Qualiopi indicators (issue 29 item 7, docs/adr/0056): the schema `indicators` with its two
 * projections of the log (each learner's course: enrolled, left, completed, steps opened; each
 * learner's results on the quizzes of a course) and the centre's choice to publish its results;
 * the quiz a step names in the catalogue's published `course_step` (the final evaluation is the
 * last quiz step of a course), and quality's published `complaint_summary` (indicator 31).
 */
export class Migration20261127108Indicators extends Migration {
  override name = '20261127-108-indicators';

  override up(): void {
    // A new column goes last: `create or replace view` keeps the others as they are.
    this.addSql(`create or replace view catalogue.course_step as
      select ch.course_id, 'chapter'::text as kind, ch.id as step_id, ch.id as chapter_id, ch.position as chapter_position,
             0 as position, ch.title, ch.content_type, ch.declared_minutes, ch.quiz_id
        from catalogue.chapter ch
       where ch.archived_at is null
      union all
      select ch.course_id, 'subchapter'::text, sc.id, ch.id, ch.position, sc.position, sc.title, sc.content_type, sc.declared_minutes, sc.quiz_id
        from catalogue.subchapter sc join catalogue.chapter ch on ch.id = sc.chapter_id
       where sc.archived_at is null and ch.archived_at is null`);
    // What a complaint's handling shows without its texts nor its filer (indicator 31).
    this.addSql(`create view quality.complaint_summary as
      select id as complaint_id, category, course_id, filer_kind, status, received_at, first_answered_at, handling_seconds, treated_at, closed_at
        from quality.complaint`);

    this.addSql(`create schema if not exists indicators`);
    this.addSql(`create table indicators.learner_course (
      student_id integer not null,
      course_id integer not null,
      enrolled_at timestamptz not null,
      left_at timestamptz,
      completed_at timestamptz,
      steps_opened integer not null default 0,
      last_opened_at timestamptz,
      primary key (student_id, course_id)
    )`);
    // The period's cohort (by the day of enrolment), and a course's.
    this.addSql(`create index learner_course_enrolled on indicators.learner_course (enrolled_at, course_id)`);
    this.addSql(`create index learner_course_course on indicators.learner_course (course_id, enrolled_at)`);
    this.addSql(`create table indicators.learner_quiz (
      student_id integer not null,
      course_id integer not null,
      quiz_id integer not null,
      attempts integer not null default 0,
      best_percent double precision,
      last_percent double precision,
      passed_at timestamptz,
      validated_by_trainer boolean not null default false,
      last_at timestamptz not null,
      primary key (course_id, quiz_id, student_id)
    )`);
    this.addSql(`create table indicators.public_results (
      id integer primary key check (id = 1),
      enabled boolean not null default false,
      changed_at timestamptz,
      version integer not null default 0
    )`);
  }
}
