import { Migration } from '@mikro-orm/migrations';

/**
 * The read models that contexts publish for the contexts after them (issue 21): plain views in the
 * owner's schema, listed with their columns in the owner's `contracts/<ctx>.read-models.ts`. Each is
 * a projection of columns over one table, or a join on a key, or a union of two such selects: no
 * aggregate, no ORDER BY, so PostgreSQL inlines it and the readers' filters, orders and limits still
 * reach the tables' indexes. They may hold personal data: they are for the contexts, not for the
 * analysts' role (which reads `analytics.*` only).
 */
export class Migration20261126040PublishedReadModels extends Migration {
  override name = '20261126-040-published-read-models';

  override up(): void {
    // identity: one row per student with their account; every list of students orders it by
    // (nom, prenom, id) (STUDENT_RECORD_ORDER), which this index serves, keyset walks included.
    this.addSql(`create view identity.student_record as
      select s.id, s.account_id, s.prenom, s.nom, s.fullname, a.email, a.username, s.telephone, s.numero_dossier,
             s.type_dossier, s.type_formation, s.formations, s.date_entree, s.date_sortie, s.search_text,
             a.is_active, a.closed_at, a.created_at
        from identity.student s join identity.account a on a.id = s.account_id`);
    this.addSql(`create index student_name_order on identity.student (nom, prenom, id)`);
    // The lists walked by fullname (migration 022) now walk this order: one index to keep, not two.
    this.addSql(`drop index identity.student_fullname_id`);

    // enrolment: who follows which course, and since when (rows of a rating or a favourite alone left out).
    this.addSql(`create view enrolment.course_enrolment as
      select student_id, course_id, enrolled_at from enrolment.student_course where enrolled_at is not null`);

    // catalogue: a course's title and owner; the live steps of each course, one row per step.
    this.addSql(`create view catalogue.course_summary as
      select id as course_id, title, teacher_id, category_id, archived_at from catalogue.course`);
    this.addSql(`create view catalogue.course_step as
      select ch.course_id, 'chapter'::text as kind, ch.id as step_id, ch.id as chapter_id, ch.position as chapter_position,
             0 as position, ch.title, ch.content_type
        from catalogue.chapter ch
       where ch.archived_at is null
      union all
      select ch.course_id, 'subchapter'::text, sc.id, ch.id, ch.position, sc.position, sc.title, sc.content_type
        from catalogue.subchapter sc join catalogue.chapter ch on ch.id = sc.chapter_id
       where sc.archived_at is null and ch.archived_at is null`);

    // learning-progress: each student's figures per course and overall (its projections).
    this.addSql(`create view progress.student_course_figures as
      select student_id, course_id, validated_steps, connected_seconds, active_seconds, last_activity_at, completed_at
        from progress.student_course_progress`);
    this.addSql(`create view progress.student_figures as
      select student_id, validated_steps, connected_seconds, active_seconds, courses_completed, last_activity_at
        from progress.student_progress`);
  }
}
