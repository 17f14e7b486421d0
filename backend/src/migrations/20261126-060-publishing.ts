import { Migration } from '@mikro-orm/migrations';

/**
 * Publishing (issue 25, docs/adr/0030): trainers the centre accepted, courses in draft until published.
 * - `identity.teacher.approval`: `pending` (registered through the public page, waiting for an
 *   admin), `accepted`, `refused` (with the admin's reason, kept here and only its sha256 in the
 *   log). Every trainer that exists today was accepted: the column's default at creation.
 * - `catalogue.course.status`: `draft` or `published`. Every course that exists today was in the
 *   public catalogue: it stays there (`published`, `published_at` = its creation).
 * - `catalogue.course_summary` carries `status`: readers of other contexts filter on it.
 */
export class Migration20261126060Publishing extends Migration {
  override name = '20261126-060-publishing';

  override up(): void {
    this.addSql(`alter table identity.teacher
      add column approval text not null default 'accepted' check (approval in ('pending', 'accepted', 'refused')),
      add column approval_decided_at timestamptz,
      add column refusal_reason text`);
    this.addSql(`alter table identity.teacher alter column approval set default 'pending'`);
    this.addSql(`create index teacher_pending on identity.teacher (id) where approval = 'pending'`);

    this.addSql(`alter table catalogue.course
      add column status text not null default 'published' check (status in ('draft', 'published')),
      add column published_at timestamptz`);
    this.addSql(`update catalogue.course set published_at = created_at`);
    this.addSql(`alter table catalogue.course alter column status set default 'draft'`);

    // Views may gain columns at their end (create or replace keeps the readers' ones).
    this.addSql(`create or replace view catalogue.course_summary as
      select id as course_id, title, teacher_id, category_id, archived_at, status from catalogue.course`);
  }
}
