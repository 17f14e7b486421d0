import { Migration } from '@mikro-orm/migrations';

/**
 * What each course promises (issue 26 item 3, docs/adr/0011):
 * - `catalogue.course`: `objectives` (one per line), `planned_minutes`, `nature` of the action. The
 *   courses that exist keep them null (not declared): documents say what is missing rather than
 *   guess; a new course is an « action de formation » unless its trainer says otherwise.
 * - `catalogue.chapter` and `catalogue.subchapter`: `declared_minutes`, the declared average
 *   duration (« durée moyenne estimée », Code du travail D.6313-3-1 2°); null: not declared.
 * - The published views gain them at their end: `course_step.declared_minutes`,
 *   `course_summary.planned_minutes` and `course_summary.nature`.
 */
export class Migration20261126062CoursePromises extends Migration {
  override name = '20261126-062-course-promises';

  override up(): void {
    const minutes = (column: string) => `${column} integer check (${column} between 1 and 120000)`;
    this.addSql(`alter table catalogue.course
      add column objectives text,
      add column ${minutes('planned_minutes')},
      add column nature text check (nature in ('action_formation', 'bilan_competences', 'vae', 'apprentissage'))`);
    this.addSql(`alter table catalogue.chapter add column ${minutes('declared_minutes')}`);
    this.addSql(`alter table catalogue.subchapter add column ${minutes('declared_minutes')}`);

    // Views may gain columns at their end (create or replace keeps the readers' ones).
    this.addSql(`create or replace view catalogue.course_summary as
      select id as course_id, title, teacher_id, category_id, archived_at, status, planned_minutes, nature from catalogue.course`);
    this.addSql(`create or replace view catalogue.course_step as
      select ch.course_id, 'chapter'::text as kind, ch.id as step_id, ch.id as chapter_id, ch.position as chapter_position,
             0 as position, ch.title, ch.content_type, ch.declared_minutes
        from catalogue.chapter ch
       where ch.archived_at is null
      union all
      select ch.course_id, 'subchapter'::text, sc.id, ch.id, ch.position, sc.position, sc.title, sc.content_type, sc.declared_minutes
        from catalogue.subchapter sc join catalogue.chapter ch on ch.id = sc.chapter_id
       where sc.archived_at is null and ch.archived_at is null`);
  }
}
