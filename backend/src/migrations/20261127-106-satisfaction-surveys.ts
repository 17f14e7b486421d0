import { Migration } from '@mikro-orm/migrations';

/**
 * Satisfaction surveys (questionnaires de satisfaction, issue 29 item 4, docs/adr/0054): the schema
 * `satisfaction`, the `Questionnaire` aggregate with its versions (an answered version is never
 * rewritten), the invitations (one single-use token each, by e-mail and in the learner's space,
 * with reminders), the anonymous responses (no learner id: the token's hash) and their free texts
 * kept beside the log (the event carries their hashes), and the public page's throttle.
 */
export class Migration20261127106SatisfactionSurveys extends Migration {
  override name = '20261127-106-satisfaction-surveys';

  override up(): void {
    this.addSql(`create schema if not exists satisfaction`);
    this.addSql(`create table satisfaction.questionnaire (
      id serial primary key,
      client_key uuid not null unique,
      title text not null,
      kind text not null check (kind in ('chaud', 'froid', 'formateur', 'employeur', 'financeur')),
      course_id integer,
      cold_delay_days integer not null default 0 check (cold_delay_days between 0 and 730),
      reminder_days integer not null check (reminder_days between 1 and 60),
      max_reminders integer not null check (max_reminders between 0 and 10),
      active boolean not null,
      current_version integer not null,
      created_at timestamptz not null,
      version integer not null default 0
    )`);
    this.addSql(`create table satisfaction.questionnaire_version (
      id serial primary key,
      questionnaire_id integer not null references satisfaction.questionnaire (id),
      number integer not null,
      questions jsonb not null,
      sha256 varchar(64) not null,
      created_at timestamptz not null,
      unique (questionnaire_id, number)
    )`);
    this.addSql(`create table satisfaction.invitation (
      id serial primary key,
      questionnaire_id integer not null references satisfaction.questionnaire (id),
      respondent_kind text not null check (respondent_kind in ('apprenant', 'formateur', 'employeur', 'financeur')),
      student_id integer,
      email text,
      course_id integer not null,
      session_id integer,
      token text not null unique,
      token_sha256 varchar(64) not null unique,
      due_on date not null,
      sent_at timestamptz not null,
      expires_at timestamptz not null,
      reminders_sent integer not null default 0,
      last_reminded_at timestamptz,
      version integer not null default 0
    )`);
    // One invitation per learner, course and questionnaire (the daily job runs again and again).
    this.addSql(`create unique index invitation_learner on satisfaction.invitation (questionnaire_id, student_id, course_id) where student_id is not null`);
    // One invitation per contact, course, session and questionnaire (sent again: the same one answers).
    this.addSql(`create unique index invitation_contact on satisfaction.invitation (questionnaire_id, email, course_id, coalesce(session_id, 0)) where student_id is null`);
    this.addSql(`create index invitation_open on satisfaction.invitation (expires_at)`);
    this.addSql(`create table satisfaction.response (
      id serial primary key,
      client_key uuid not null,
      token_sha256 varchar(64) not null unique,
      questionnaire_id integer not null references satisfaction.questionnaire (id),
      version_number integer not null,
      respondent_kind text not null,
      course_id integer not null,
      session_id integer,
      answers jsonb not null,
      answered_at timestamptz not null,
      version integer not null default 0
    )`);
    this.addSql(`create index response_questionnaire on satisfaction.response (questionnaire_id, course_id, session_id, respondent_kind)`);
    this.addSql(`create table satisfaction.response_text (
      response_id integer not null references satisfaction.response (id),
      question_id text not null,
      body text not null,
      sha256 varchar(64) not null,
      primary key (response_id, question_id)
    )`);
    this.addSql(`create table satisfaction.answer_attempt (
      id bigserial primary key,
      address text not null,
      attempted_at timestamptz not null
    )`);
    this.addSql(`create index answer_attempt_address on satisfaction.answer_attempt (address, attempted_at)`);
  }
}
