import { Migration } from '@mikro-orm/migrations';

/**
 * The programme sheet of every course (issue 29 item 1, docs/adr/0047): `catalogue.course.programme`
 * (its items, checked by the Course aggregate) and `programme_updated_at`, the server's time of the
 * last change of an item (objectives and planned duration included); courses that declared their
 * objectives or duration before take the time of their last edit.
 */
export class Migration20261127090CourseProgramme extends Migration {
  override name = '20261127-090-course-programme';

  override up(): void {
    this.addSql(`alter table catalogue.course
      add column programme jsonb not null default '{}'::jsonb,
      add column programme_updated_at timestamptz`);
    this.addSql(`update catalogue.course set programme_updated_at = coalesce(updated_at, created_at)
      where objectives is not null or planned_minutes is not null`);
  }
}
