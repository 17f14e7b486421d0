import { Migration } from '@mikro-orm/migrations';

/**
 * The student's administrative record on the one identity row (issue 13, docs/adr/0015): names
 * split from the fullname, phone, case number, dossier and formation types, formations (the former
 * formation_title moved in), entry and exit dates; trainers' first and last names and Calendly
 * link; closing and erasing accounts. Trigram indexes for the back office's searches.
 */
export class Migration20261124020AdministrativeRecord extends Migration {
  override name = '20261124-020-administrative-record';

  override up(): void {
    this.addSql(`alter table identity.student
      add column prenom varchar(100) not null default '',
      add column nom varchar(100) not null default '',
      add column telephone varchar(30) not null default '',
      add column numero_dossier varchar(50),
      add column type_dossier varchar(100) not null default '',
      add column type_formation varchar(100) not null default '',
      add column formations text[] not null default '{}',
      add column date_entree date,
      add column date_sortie date,
      add column search_text text not null default ''`);
    this.addSql(`update identity.student set
      prenom = left(split_part(btrim(fullname), ' ', 1), 100),
      nom = left(btrim(substr(btrim(fullname), length(split_part(btrim(fullname), ' ', 1)) + 1)), 100),
      formations = case when coalesce(btrim(formation_title), '') = '' then '{}'::text[] else array[formation_title] end`);
    // What the back office's searches match (names, e-mail, login, case number), lower case: kept by the aggregate.
    this.addSql(`update identity.student s set search_text = lower(s.fullname || ' ' || a.email || ' ' || a.username)
      from identity.account a where a.id = s.account_id`);
    this.addSql(`alter table identity.student add constraint student_period check (date_sortie is null or date_entree is null or date_sortie >= date_entree)`);
    this.addSql(`create unique index student_numero_dossier_unique on identity.student (lower(numero_dossier)) where numero_dossier is not null`);
    this.addSql(`create index student_date_entree on identity.student (date_entree)`);
    this.addSql(`alter table identity.teacher
      add column prenom varchar(100) not null default '',
      add column nom varchar(100) not null default '',
      add column calendly varchar(500) not null default ''`);
    this.addSql(`update identity.teacher set
      prenom = left(split_part(btrim(full_name), ' ', 1), 100),
      nom = left(btrim(substr(btrim(full_name), length(split_part(btrim(full_name), ' ', 1)) + 1)), 100)`);
    this.addSql(`alter table identity.account add column closed_at timestamptz, add column erased_at timestamptz`);
    this.addSql(`create index account_closed on identity.account (closed_at) where closed_at is not null`);
    this.addSql(`do $$ begin
      create extension if not exists pg_trgm;
      create index student_search_trgm on identity.student using gin (search_text gin_trgm_ops);
    exception when others then raise notice 'pg_trgm indisponible : recherche sans index trigramme';
    end $$`);
  }
}
