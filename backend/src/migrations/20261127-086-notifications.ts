import { Migration } from '@mikro-orm/migrations';

/**
 * In-app notifications (issue 30 item 1, docs/adr/0046): `notifications.notification`, the rows of
 * the projection `notifications.notification` (one per event that notifies someone, keyed by the
 * event's position; ids and values only), and `notifications.inbox`, one row per account: how far
 * its bell was seen (the `NotificationInbox` aggregate, stream `notifications.inbox/<account id>`).
 */
export class Migration20261127086Notifications extends Migration {
  override name = '20261127-086-notifications';

  override up(): void {
    this.addSql(`create schema if not exists notifications`);
    this.addSql(`create table notifications.notification (
      position bigint primary key,
      kind text not null,
      recipient_role text not null check (recipient_role in ('student', 'teacher', 'admin')),
      recipient_id integer,
      to_course_trainer boolean not null default false,
      course_id integer,
      student_id integer,
      teacher_id integer,
      subject_id integer,
      score integer,
      total integer,
      occurred_at timestamptz not null,
      constraint notification_course_trainer check (not to_course_trainer or course_id is not null)
    )`);
    // The count and the list: the newest first, for one recipient, or for a course's trainer.
    this.addSql(`create index notification_recipient on notifications.notification (recipient_role, recipient_id, position desc)`);
    this.addSql(`create index notification_course_trainer on notifications.notification (course_id, position desc) where to_course_trainer`);
    this.addSql(`create table notifications.inbox (
      account_id integer primary key,
      seen_up_to bigint not null default 0 check (seen_up_to >= 0),
      seen_at timestamptz,
      version integer not null default 0
    )`);
  }
}
