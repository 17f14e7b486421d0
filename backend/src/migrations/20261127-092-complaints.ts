import { Migration } from '@mikro-orm/migrations';

/**
 * Complaints (réclamations, issue 29 item 6, docs/adr/0048): the schema `quality`, the `Complaint`
 * aggregate (stream `quality.complaint/<id>`) with its answers, the texts as written and their
 * SHA-256 (the events carry only the hashes), a visitor's contact (erased after the retention
 * period), and the visitors' filings per address (the throttle).
 */
export class Migration20261127092Complaints extends Migration {
  override name = '20261127-092-complaints';

  override up(): void {
    this.addSql(`create schema if not exists quality`);
    this.addSql(`create table quality.complaint (
      id serial primary key,
      reference text not null unique,
      client_key uuid not null unique,
      filer_kind text not null check (filer_kind in ('student', 'teacher', 'visitor')),
      filer_id integer,
      visitor_name text,
      visitor_email text,
      visitor_phone text,
      filer_data_erased_at timestamptz,
      category text not null,
      course_id integer,
      body text not null,
      sha256 varchar(64) not null,
      status text not null check (status in ('recue', 'en_cours', 'traitee', 'close')),
      received_at timestamptz not null,
      first_answered_at timestamptz,
      handling_seconds integer,
      treated_at timestamptz,
      closed_at timestamptz,
      action_taken text,
      action_recorded_at timestamptz,
      version integer not null default 0,
      constraint complaint_filer check ((filer_kind = 'visitor') = (filer_id is null))
    )`);
    // The register: newest first, filtered by status, category, period.
    this.addSql(`create index complaint_received on quality.complaint (received_at desc, id desc)`);
    this.addSql(`create index complaint_status on quality.complaint (status, received_at desc)`);
    // A signed-in filer's own list.
    this.addSql(`create index complaint_filer on quality.complaint (filer_kind, filer_id, received_at desc) where filer_id is not null`);
    // The retention job: visitors' contacts not yet erased.
    this.addSql(`create index complaint_visitor_kept on quality.complaint (id) where filer_kind = 'visitor' and filer_data_erased_at is null`);
    this.addSql(`create table quality.complaint_answer (
      id bigserial primary key,
      complaint_id integer not null references quality.complaint (id),
      admin_id integer not null,
      body text not null,
      sha256 varchar(64) not null,
      client_key uuid not null,
      answered_at timestamptz not null,
      unique (complaint_id, client_key)
    )`);
    this.addSql(`create table quality.filing_attempt (
      id bigserial primary key,
      address text not null,
      attempted_at timestamptz not null
    )`);
    this.addSql(`create index filing_attempt_address on quality.filing_attempt (address, attempted_at)`);
  }
}
