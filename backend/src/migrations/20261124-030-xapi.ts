import { Migration } from '@mikro-orm/migrations';

/**
 * The learning record store (issue 12, docs/adr/0014-xapi-learning-record-store.md): statements as
 * stored (jsonb) with the columns their filters read, attachments by sha2, activity definitions,
 * the documents of the state, activity profile and agent profile resources, and the HTTP Basic
 * credentials of activity providers (secret stored as its sha256 only).
 */
export class Migration20261124030Xapi extends Migration {
  override name = '20261124-030-xapi';

  override up(): void {
    this.addSql(`create schema if not exists xapi`);
    this.addSql(`create table xapi.credential (
      id serial primary key,
      name text not null,
      key text not null unique,
      secret_sha256 text not null,
      scopes text[] not null,
      created_by integer,
      created_at timestamptz not null,
      revoked_at timestamptz,
      version integer not null default 0 check (version >= 0)
    )`);
    this.addSql(`create table xapi.statement (
      seq bigserial not null unique,
      id uuid primary key,
      statement jsonb not null,
      sha256 text not null,
      received_sha256 text not null,
      stored timestamptz not null,
      actor_key text not null,
      verb_id text not null,
      object_activity text,
      object_agent text,
      object_ref uuid,
      registration uuid,
      agents text[] not null,
      activities text[] not null,
      voided boolean not null default false,
      credential_id integer,
      account_id integer,
      teacher_id integer
    )`);
    this.addSql(`create index statement_actor on xapi.statement (actor_key, seq)`);
    this.addSql(`create index statement_object_agent on xapi.statement (object_agent, seq) where object_agent is not null`);
    this.addSql(`create index statement_verb on xapi.statement (verb_id, seq)`);
    this.addSql(`create index statement_activity on xapi.statement (object_activity, seq) where object_activity is not null`);
    this.addSql(`create index statement_registration on xapi.statement (registration, seq) where registration is not null`);
    this.addSql(`create index statement_object_ref on xapi.statement (object_ref) where object_ref is not null`);
    this.addSql(`create index statement_agents on xapi.statement using gin (agents)`);
    this.addSql(`create index statement_activities on xapi.statement using gin (activities)`);
    this.addSql(`create index statement_stored on xapi.statement (stored)`);
    this.addSql(`create index statement_account on xapi.statement (account_id, seq) where account_id is not null`);
    this.addSql(`create index statement_teacher on xapi.statement (teacher_id, seq) where teacher_id is not null`);
    this.addSql(`create index statement_credential on xapi.statement (credential_id, seq) where credential_id is not null`);
    this.addSql(`create table xapi.attachment (
      sha2 text primary key,
      content_type text not null,
      content bytea not null
    )`);
    this.addSql(`create table xapi.activity (
      id text primary key,
      definition jsonb not null
    )`);
    this.addSql(`create table xapi.document (
      kind text not null check (kind in ('state', 'activity-profile', 'agent-profile')),
      activity_id text not null default '',
      agent_key text not null default '',
      registration text not null default '',
      document_id text not null,
      content bytea not null,
      content_type text not null,
      etag text not null,
      updated timestamptz not null,
      primary key (kind, activity_id, agent_key, registration, document_id)
    )`);
    this.addSql(`create index document_updated on xapi.document (kind, activity_id, agent_key, updated)`);
  }
}
