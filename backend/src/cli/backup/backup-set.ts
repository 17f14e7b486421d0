import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type pg from 'pg';

/**
 * A backup set (docs/adr/0062): a folder with manifest.json, one gzip NDJSON file per table (the
 * rows as PostgreSQL's row_to_json writes them, read in one REPEATABLE READ snapshot), the media
 * files, the ledger's signing key and the JWT secrets. Every file is named in the manifest with its
 * SHA-256, so a copy damaged in storage is refused before anything is written.
 */
export const BACKUP_FORMAT = 'lms-backup/1';

/** pg-boss's schema (docs/adr/0031) is not copied: the app recreates it at start; jobs waiting at backup time are counted in the manifest. */
export const SKIPPED_SCHEMAS = ['jobs'];
/** MikroORM's own table: the restore applies the same migrations, then compares the list. */
export const MIGRATIONS_TABLE = { schema: 'public', table: 'mikro_orm_migrations' };

export interface TableEntry {
  schema: string;
  table: string;
  file: string;
  rows: number;
  sha256: string;
}

export interface FileEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export interface ChainHeads {
  streams: number;
  events: number;
  /** SHA-256 of the sorted lines `type/id@version:hash`, one a stream (the file chain-heads.txt). */
  digest: string;
  /** Position of the last event. */
  lastPosition: number;
}

export interface LatestCheckpoint {
  seq: number;
  createdAt: string;
  position: number;
  root: string;
  keyId: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  serverVersion: string;
  serverVersionNum: number;
  database: string;
  migrations: string[];
  /** The highest xid8 stored in a column (event log, checkpoints): the restore moves the new server's counter past it. */
  maxTransactionId: string;
  tables: TableEntry[];
  sequences: { name: string; lastValue: string | null; isCalled: boolean }[];
  /**
   * The media directory's files (STORAGE=local, the default). With STORAGE=s3 (docs/adr/0060) the
   * objects stay in their bucket, copied by the operator's bucket replication (README « Backups and
   * restore »): `files` is empty and `bucket` names it.
   */
  media: { root: 'media'; files: FileEntry[]; storage?: 'local' | 's3'; bucket?: string | null };
  secrets: FileEntry[];
  chainHeads: ChainHeads;
  latestCheckpoint: LatestCheckpoint | null;
  jobsNotCopied: { waiting: number };
}

export async function sha256File(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Every file under `root`, as paths relative to it with '/' separators, sorted. */
/**
 * Whether a path named by a manifest or a bucket stays inside the folder it is joined to: relative,
 * '/'-separated, no empty, '.' or '..' part, no backslash or NUL (a manifest is not signed, a bucket
 * may be shared: neither decides where a file is written).
 */
export function isSafeRelativePath(path: string): boolean {
  if (typeof path !== 'string' || path === '' || path.includes('\\') || path.includes('\0') || path.startsWith('/')) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

export async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) found.push(relative(root, path).split(sep).join('/'));
    }
  };
  await walk(root);
  return found.sort();
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (schema: string, table: string) => `${quoteIdent(schema)}.${quoteIdent(table)}`;

/** The app's tables: ordinary and partitioned parents, outside PostgreSQL's schemas and the skipped ones. */
export async function appTables(client: pg.Client): Promise<{ schema: string; table: string }[]> {
  const { rows } = await client.query<{ schema: string; table: string }>(
    `select n.nspname as schema, c.relname as table
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
        and n.nspname <> all($1::text[])
      order by n.nspname, c.relname`,
    [SKIPPED_SCHEMAS],
  );
  return rows;
}

/** The stream heads of the whole log and their digest (what a restored copy must reproduce exactly). */
export async function chainHeads(client: pg.Client): Promise<{ heads: string[]; summary: ChainHeads }> {
  const exists = (await client.query<{ ok: boolean }>(`select to_regclass('eventlog.event') is not null as ok`)).rows[0]!.ok;
  if (!exists) return { heads: [], summary: { streams: 0, events: 0, digest: createHash('sha256').digest('hex'), lastPosition: 0 } };
  const { rows } = await client.query<{ line: string }>(
    `select stream_type || '/' || stream_id || '@' || stream_version || ':' || hash as line
       from (select distinct on (stream_type, stream_id) stream_type, stream_id, stream_version, hash
               from eventlog.event order by stream_type, stream_id, stream_version desc) h`,
  );
  const heads = rows.map((r) => r.line).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const totals = (await client.query<{ events: string; last: string | null }>(`select count(*) as events, max(position) as last from eventlog.event`)).rows[0]!;
  const digest = createHash('sha256').update(heads.join('\n')).digest('hex');
  return { heads, summary: { streams: heads.length, events: Number(totals.events), digest, lastPosition: Number(totals.last ?? 0) } };
}

export async function latestCheckpoint(client: pg.Client): Promise<LatestCheckpoint | null> {
  const exists = (await client.query<{ ok: boolean }>(`select to_regclass('ledger.checkpoint') is not null as ok`)).rows[0]!.ok;
  if (!exists) return null;
  const { rows } = await client.query<{ seq: number; created_at: Date; position: string; root: string; key_id: string }>(
    `select seq, created_at, position, root, key_id from ledger.checkpoint order by seq desc limit 1`,
  );
  const row = rows[0];
  return row ? { seq: row.seq, createdAt: row.created_at.toISOString(), position: Number(row.position), root: row.root, keyId: row.key_id } : null;
}

/** Differences between two heads lists, as French lines (at most `limit`). */
export function headDifferences(before: readonly string[], after: readonly string[], limit = 10): string[] {
  const key = (line: string) => line.slice(0, line.lastIndexOf('@'));
  const a = new Map(before.map((l) => [key(l), l]));
  const b = new Map(after.map((l) => [key(l), l]));
  const lines: string[] = [];
  for (const [stream, line] of a) {
    const other = b.get(stream);
    if (!other) lines.push(`flux ${stream} : absent de la copie restaurée (avant : ${line})`);
    else if (other !== line) lines.push(`flux ${stream} : tête ${line} avant, ${other} après`);
  }
  for (const [stream, line] of b) if (!a.has(stream)) lines.push(`flux ${stream} : présent seulement dans la copie restaurée (${line})`);
  return lines.slice(0, limit);
}
