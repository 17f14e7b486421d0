import type { Projection, ProjectionRow } from './projection.js';
import type { SqlExecutor } from './sql-executor.js';
import { evolveBatch, keyOf, planKeys, type Failure } from './evolve-batch.js';
import type { RecordedEvent } from './recorded-event.js';

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Loads and saves a projection's rows with generic SQL: rows travel as JSON and take the table's
 * own row type (jsonb_populate_recordset), so a projection needs no SQL of its own. The target is
 * the live table, or a temporary copy during a rebuild.
 */
export class ProjectionTable {
  private constructor(
    readonly projection: Projection,
    private readonly columns: string[],
  ) {}

  static async describe(sql: SqlExecutor, projection: Projection): Promise<ProjectionTable> {
    const rows = await sql.query<{ name: string }>(
      `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
      [projection.table],
    );
    const missing = projection.primaryKey.filter((c) => !rows.some((r) => r.name === c));
    if (missing.length > 0) throw new Error(`Projection ${projection.name} : colonnes de clé absentes de ${projection.table} : ${missing.join(', ')}.`);
    return new ProjectionTable(projection, rows.map((r) => r.name));
  }

  private get rowType(): string {
    return `null::${this.projection.table}`;
  }

  private keyJoin(left: string, right: string): string {
    return this.projection.primaryKey.map((c) => `${left}.${quote(c)} = ${right}.${quote(c)}`).join(' and ');
  }

  async load(sql: SqlExecutor, target: string, keys: ProjectionRow[]): Promise<Map<string, ProjectionRow>> {
    const rows = new Map<string, ProjectionRow>();
    if (keys.length === 0) return rows;
    const found = await sql.query<ProjectionRow>(
      `select t.* from ${target} t join jsonb_populate_recordset(${this.rowType}, $1::jsonb) k on ${this.keyJoin('t', 'k')}`,
      [JSON.stringify(keys)],
    );
    for (const row of found) rows.set(keyOf(this.projection, row), row);
    return rows;
  }

  async save(sql: SqlExecutor, target: string, upserts: ProjectionRow[], deletes: ProjectionRow[]): Promise<void> {
    if (deletes.length > 0) {
      await sql.query(`delete from ${target} t using jsonb_populate_recordset(${this.rowType}, $1::jsonb) k where ${this.keyJoin('t', 'k')}`, [
        JSON.stringify(deletes),
      ]);
    }
    if (upserts.length === 0) return;
    const columns = this.columns.map(quote).join(', ');
    const others = this.columns.filter((c) => !this.projection.primaryKey.includes(c)).map(quote);
    const onConflict =
      others.length === 0 ? 'do nothing' : `do update set (${others.join(', ')}) = row(${others.map((c) => `excluded.${c}`).join(', ')})`;
    await sql.query(
      `insert into ${target} (${columns}) select ${columns} from jsonb_populate_recordset(${this.rowType}, $1::jsonb)
       on conflict (${this.projection.primaryKey.map(quote).join(', ')}) ${onConflict}`,
      [JSON.stringify(upserts)],
    );
  }

  /**
   * Applies a batch to `target`: keys, one read of the rows, evolve in memory, one write.
   * On a throwing key or evolve, writes what came before it and returns the failure.
   */
  async apply(sql: SqlExecutor, target: string, events: RecordedEvent[]): Promise<{ applied: number; failure?: Failure }> {
    const plan = planKeys(this.projection, events);
    const usable = events.slice(0, plan.keys.length);
    const distinct = new Map<string, ProjectionRow>();
    for (const key of plan.keys) if (key !== null) distinct.set(keyOf(this.projection, key), key);
    const rows = await this.load(sql, target, [...distinct.values()]);
    const evolution = evolveBatch(this.projection, rows, usable, plan.keys);
    const upserts: ProjectionRow[] = [];
    const deletes: ProjectionRow[] = [];
    for (const [id, { key, row }] of evolution.changes) {
      if (row !== null) upserts.push(row);
      else if (rows.has(id)) deletes.push(key);
    }
    await this.save(sql, target, upserts, deletes);
    return { applied: evolution.applied, failure: evolution.failure ?? plan.failure };
  }
}
