import { Migration } from '@mikro-orm/migrations';

/**
 * Every aggregate keeps the version of its stream, so that the aggregate store appends its events
 * with an expected version (docs/adr/0006-one-write-path.md). Existing rows take the version of
 * the events already logged for them.
 */
export class Migration20261122006AggregateVersions extends Migration {
  override name = '20261122-006-aggregate-versions';

  override up(): void {
    for (const [table, streamType] of [
      ['identity.account', 'identity.account'],
      ['catalogue.course', 'catalogue.course'],
      ['catalogue.category', 'catalogue.category'],
      ['catalogue.page', 'catalogue.page'],
    ]) {
      this.addSql(`alter table ${table} add column version integer not null default 0 check (version >= 0)`);
      this.addSql(
        `update ${table} t set version = v.version
           from (select stream_id, max(stream_version) as version from eventlog.event where stream_type = '${streamType}' group by stream_id) v
          where v.stream_id = t.id::text`,
      );
    }
  }
}
