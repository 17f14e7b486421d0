import { Migration } from '@mikro-orm/migrations';

/**
 * The centre's identity (issue 26 item 2, docs/adr/0032): one row in `centre.centre_identity`
 * (id 1, held by a check), each text null until an admin sets it; the logo and the signature or
 * stamp image as the stored file's path, its SHA-256 and its content type.
 */
export class Migration20261126061Centre extends Migration {
  override name = '20261126-061-centre';

  override up(): void {
    this.addSql(`create schema if not exists centre`);
    this.addSql(`create table centre.centre_identity (
      id integer primary key check (id = 1),
      nom text, siret text, nda text,
      rue text, code_postal text, ville text,
      signataire_nom text, signataire_qualite text, lieu text,
      logo_path text, logo_sha256 text, logo_content_type text,
      signature_path text, signature_sha256 text, signature_content_type text,
      version integer not null default 0
    )`);
  }
}
