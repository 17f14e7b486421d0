import { Migration } from '@mikro-orm/migrations';

/**
 * The improvement log (indicator 32, docs/adr/0048): the `ImprovementAction` aggregate (stream
 * `quality.improvement-action/<id>`), opened on its own or from a complaint.
 */
export class Migration20261127093ImprovementLog extends Migration {
  override name = '20261127-093-improvement-log';

  override up(): void {
    this.addSql(`create table quality.improvement_action (
      id serial primary key,
      source text not null check (source in ('reclamation', 'enquete', 'audit', 'autre')),
      complaint_id integer references quality.complaint (id),
      description text not null,
      owner text,
      due_on date,
      status text not null check (status in ('a_faire', 'en_cours', 'terminee', 'abandonnee')),
      result text,
      opened_at timestamptz not null,
      done_at timestamptz,
      opened_by_id integer not null,
      version integer not null default 0,
      constraint improvement_from_complaint check (complaint_id is null or source = 'reclamation')
    )`);
    this.addSql(`create index improvement_action_opened on quality.improvement_action (opened_at desc, id desc)`);
    this.addSql(`create index improvement_action_complaint on quality.improvement_action (complaint_id) where complaint_id is not null`);
  }
}
