import { Migration } from '@mikro-orm/migrations';

/**
 * The bulk import of learners (issue 29 item 3, docs/adr/0052).
 * - `enrolment.student_import`: one file an admin previewed and may import: its validated rows
 *   (personal data, cleared once the import ends), its status and outcome. Links for learners
 *   without e-mail wait in `pending_links` until the admin reads them once.
 * - `identity.activation_token`: the single-use, expiring activation link of an account created
 *   without a password, kept as the SHA-256 of its secret; `import_id` + `import_row` let a job run
 *   again find the accounts it made; `mailed_at` once its e-mail went (the mails go on their own job); `claimed_until`: a run
 *   sending it holds it until then, so that two runs never mail one learner twice.
 */
export class Migration20261127103StudentImport extends Migration {
  override name = '20261127-103-student-import';

  override up(): void {
    this.addSql(`create table enrolment.student_import (
      id uuid primary key,
      requested_by integer not null,
      file_sha256 text not null check (file_sha256 ~ '^[0-9a-f]{64}$'),
      status text not null check (status in ('previewed', 'queued', 'imported', 'failed')),
      total integer not null check (total >= 0),
      rows jsonb,
      job_id uuid,
      created_at timestamptz not null,
      finished_at timestamptz,
      failure text,
      mail_job_id uuid,
      pending_links jsonb,
      version integer not null default 0
    )`);
    this.addSql(`create table identity.activation_token (
      secret_sha256 text primary key check (secret_sha256 ~ '^[0-9a-f]{64}$'),
      account_id integer not null references identity.account (id) on delete cascade,
      import_id uuid,
      import_row integer,
      expires_at timestamptz not null,
      used_at timestamptz,
      mailed_at timestamptz,
      claimed_until timestamptz
    )`);
    this.addSql(`create index activation_token_account on identity.activation_token (account_id)`);
    this.addSql(`create unique index activation_token_import_row on identity.activation_token (import_id, import_row) where import_id is not null`);
  }
}
