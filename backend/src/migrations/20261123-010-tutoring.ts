import { Migration } from '@mikro-orm/migrations';

/**
 * Tutoring (issue 10): who follows whom, the conversations between a trainer and a student with
 * their messages (kept as written, never deleted), homework; the reply-delay and homework-count
 * projections; the catalogue's trainer-student projection for the trainer dashboard.
 * docs/adr/0013-tutoring-and-messages.md.
 */
export class Migration20261123010Tutoring extends Migration {
  override name = '20261123-010-tutoring';

  override up(): void {
    this.addSql(`create schema if not exists tutoring`);
    this.addSql(`create table tutoring.tutorship (
      id serial primary key,
      teacher_id integer not null,
      student_id integer not null,
      active boolean not null default true,
      origin text not null check (origin in ('admin', 'enrolment')),
      assigned_at timestamptz not null,
      ended_at timestamptz,
      version integer not null default 0 check (version >= 0),
      unique (teacher_id, student_id)
    )`);
    this.addSql(`create index tutorship_student on tutoring.tutorship (student_id) where active`);
    this.addSql(`create index tutorship_teacher on tutoring.tutorship (teacher_id) where active`);
    this.addSql(`create table tutoring.conversation (
      id serial primary key,
      teacher_id integer not null,
      student_id integer not null,
      student_read_upto bigint not null default 0,
      teacher_read_upto bigint not null default 0,
      student_notified_upto bigint not null default 0,
      teacher_notified_upto bigint not null default 0,
      version integer not null default 0 check (version >= 0),
      unique (teacher_id, student_id)
    )`);
    this.addSql(`create table tutoring.message (
      id bigserial primary key,
      conversation_id integer not null references tutoring.conversation (id),
      sender text not null check (sender in ('student', 'teacher')),
      body text not null,
      sha256 char(64) not null,
      group_id uuid,
      sent_at timestamptz not null
    )`);
    this.addSql(`create index message_conversation on tutoring.message (conversation_id, id)`);
    this.addSql(`create table tutoring.homework (
      id serial primary key,
      teacher_id integer not null,
      student_id integer not null,
      title varchar(200) not null,
      detail text not null,
      student_status boolean not null default false,
      given_at timestamptz not null,
      completed_at timestamptz,
      version integer not null default 0 check (version >= 0)
    )`);
    this.addSql(`create index homework_student on tutoring.homework (student_id, teacher_id)`);
    this.addSql(`create table tutoring.reply_delay (
      conversation_id integer primary key,
      teacher_id integer not null,
      awaiting_since timestamptz,
      delays integer[] not null default '{}'
    )`);
    this.addSql(`create index reply_delay_teacher on tutoring.reply_delay (teacher_id)`);
    this.addSql(`create table tutoring.homework_count (
      student_id integer primary key,
      complete integer not null default 0,
      pending integer not null default 0
    )`);
    this.addSql(`create table catalogue.trainer_student (
      teacher_id integer not null,
      student_id integer not null,
      primary key (teacher_id, student_id)
    )`);
    // "Mes Étudiants" now counts the students the trainer follows, not the learners of their courses.
    this.addSql(`drop table catalogue.course_learner`);
    this.addSql(`delete from eventlog.checkpoint where name = 'catalogue.course-learner'`);
  }
}
