import { Migration } from '@mikro-orm/migrations';

/**
 * Engagement alerts (issue 29 item 5, docs/adr/0053): the context `engagement`, its settings (one
 * row, stream `engagement.settings/1`) and its reminders (`EngagementReminder`, stream
 * `engagement.reminder/<id>`), each the e-mail's outbox row too (`mailed_at`, the claim's lease);
 * and enrolment's reminders to the admins before an EDOF deadline passes (`EdofReminder`, stream
 * `enrolment.edof-reminder/<id>`, issue 29 item 2).
 */
export class Migration20261127104EngagementAlerts extends Migration {
  override name = '20261127-104-engagement-alerts';

  override up(): void {
    this.addSql('create schema if not exists engagement');
    this.addSql(`create table engagement.settings (
      id integer primary key check (id = 1),
      not_started_enabled boolean not null default true,
      not_started_days integer not null default 7 check (not_started_days between 1 and 365),
      inactive_enabled boolean not null default true,
      inactive_days integer not null default 7 check (inactive_days between 1 and 365),
      behind_enabled boolean not null default true,
      behind_margin_points integer not null default 20 check (behind_margin_points between 0 and 100),
      reminder_interval_days integer not null default 7 check (reminder_interval_days between 1 and 365),
      max_reminders integer not null default 3 check (max_reminders between 0 and 20),
      changed_at timestamptz,
      changed_by_id integer,
      version integer not null default 0
    )`);
    this.addSql('insert into engagement.settings (id) values (1)');
    this.addSql(`create table engagement.reminder (
      id serial primary key,
      student_id integer not null,
      course_id integer not null,
      kind text not null check (kind in ('not_started', 'inactive', 'behind')),
      episode_start timestamptz not null,
      nth integer not null check (nth >= 1),
      manual boolean not null,
      by_role text,
      by_id integer,
      figures jsonb not null,
      decided_at timestamptz not null,
      request_key uuid unique,
      mailed_at timestamptz,
      mail_delivered boolean,
      claimed_until timestamptz,
      version integer not null default 0,
      constraint reminder_once unique (student_id, course_id, kind, episode_start, nth)
    )`);
    this.addSql('create index reminder_learner on engagement.reminder (student_id, course_id, decided_at desc)');
    this.addSql('create index reminder_unmailed on engagement.reminder (id) where mailed_at is null');
    this.addSql(`create table enrolment.edof_reminder (
      id serial primary key,
      student_id integer not null,
      course_id integer not null,
      kind text not null check (kind in ('entry', 'exit')),
      edof_date date not null,
      deadline date not null,
      stage text not null check (stage in ('veille', 'jour')),
      decided_at timestamptz not null,
      mailed_at timestamptz,
      claimed_until timestamptz,
      version integer not null default 0,
      constraint edof_reminder_once unique (student_id, course_id, kind, deadline, stage)
    )`);
    this.addSql('create index edof_reminder_unmailed on enrolment.edof_reminder (id) where mailed_at is null');
  }
}
