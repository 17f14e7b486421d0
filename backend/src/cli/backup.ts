import { chmodSync, copyFileSync, createWriteStream, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { loadConfig } from '../platform/config/config.js';
import { MEDIA_PREFIX } from '../platform/storage/media-storage.js';
import { S3MediaStorage } from '../platform/storage/s3-storage.js';
import { signingKeyFile } from '../platform/ledger/signing-key.js';
import {
  appTables, BACKUP_FORMAT, chainHeads, isSafeRelativePath, latestCheckpoint, listFiles, MIGRATIONS_TABLE, qualified, sha256File, SKIPPED_SCHEMAS,
  type BackupManifest, type FileEntry, type TableEntry,
} from './backup/backup-set.js';
import { isEntryPoint, openCliDatabase, runCommand, type Output } from './cli-database.js';

const USAGE = `Usage : npm run backup -- --out <dossier>

Sauvegarde cohérente de la plateforme dans <dossier> (neuf ou vide) : les lignes de chaque table lues
dans un seul instantané de la base (REPEATABLE READ), les médias du dossier de données copiés et
hachés (SHA-256), la clé de signature du registre et les secrets JWT, puis manifest.json avec la
version du serveur, les migrations, le dernier point de contrôle du registre et les têtes de chaîne
de chaque flux du journal (docs/adr/0062). La base est celle de l'application : DATABASE_URL, sinon la
base embarquée de DATA_DIR.
Code de sortie : 0 si la sauvegarde est complète, 2 en cas d'erreur.`;

export function parseBackupArgs(argv: string[]): { out: string } | string {
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return USAGE;
    if (arg === '--out') out = argv[++i];
    else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
    else return `Argument inconnu : ${arg}\n\n${USAGE}`;
  }
  if (!out) return `--out <dossier> est obligatoire.\n\n${USAGE}`;
  return { out: resolve(out) };
}

/** Writes one table's rows, read through a cursor in the transaction's snapshot, as gzip NDJSON. */
async function dumpTable(client: pg.Client, schema: string, table: string, file: string): Promise<number> {
  const cursor = `backup_${schema}_${table}`.replace(/[^a-z0-9_]/gi, '_').slice(0, 60);
  await client.query(`declare ${cursor} no scroll cursor for select row_to_json(t)::text as j from ${qualified(schema, table)} t`);
  let rows = 0;
  async function* lines() {
    for (;;) {
      const batch = await client.query<{ j: string }>(`fetch 2000 from ${cursor}`);
      if (batch.rows.length === 0) break;
      rows += batch.rows.length;
      yield batch.rows.map((r) => r.j).join('\n') + '\n';
    }
  }
  await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file));
  await client.query(`close ${cursor}`);
  return rows;
}

export async function backupCommand(argv: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  const args = parseBackupArgs(argv);
  if (typeof args === 'string') {
    (args === USAGE ? out.log : out.error)(args);
    return args === USAGE ? 0 : 2;
  }
  if (existsSync(args.out) && readdirSync(args.out).length > 0) {
    out.error(`Le dossier ${args.out} n'est pas vide : une sauvegarde s'écrit dans un dossier neuf ou vide.`);
    return 2;
  }
  const started = performance.now();
  const config = loadConfig(env);
  const database = await openCliDatabase(config);
  const client = new pg.Client({ connectionString: database.url, application_name: 'lms-backup' });
  try {
    await client.connect();
    out.log(`Base : ${database.source}.`);
    // Personal data and the ledger's key: readable by the operator only.
    mkdirSync(args.out, { recursive: true, mode: 0o700 });
    chmodSync(args.out, 0o700); // also a folder made beforehand (an empty one is accepted)
    mkdirSync(join(args.out, 'tables'), { recursive: true, mode: 0o700 });
    // One snapshot for every table, the chain heads and the checkpoint: a consistent copy while the app runs.
    await client.query('begin isolation level repeatable read read only');
    const version = (await client.query<{ v: string; n: string; db: string }>(`select current_setting('server_version') as v, current_setting('server_version_num') as n, current_database() as db`)).rows[0]!;
    const migrationsExist = (await client.query<{ ok: boolean }>(`select to_regclass($1) is not null as ok`, [qualified(MIGRATIONS_TABLE.schema, MIGRATIONS_TABLE.table)])).rows[0]!.ok;
    if (!migrationsExist) {
      out.error("Cette base n'a pas encore de schéma (démarrez l'application une fois pour appliquer les migrations).");
      await client.query('rollback');
      return 2;
    }
    const migrations = (await client.query<{ name: string }>(`select name from ${qualified(MIGRATIONS_TABLE.schema, MIGRATIONS_TABLE.table)} order by id`)).rows.map((r) => r.name);
    const tables: TableEntry[] = [];
    for (const { schema, table } of await appTables(client)) {
      if (schema === MIGRATIONS_TABLE.schema && table === MIGRATIONS_TABLE.table) continue;
      const file = `tables/${schema}.${table}.ndjson.gz`;
      const rows = await dumpTable(client, schema, table, join(args.out, file));
      tables.push({ schema, table, file, rows, sha256: (await sha256File(join(args.out, file))).sha256 });
    }
    const sequences = (
      await client.query<{ name: string; last_value: string | null; is_called: boolean }>(
        `select format('%I.%I', s.schemaname, s.sequencename) as name, s.last_value::text as last_value, s.last_value is not null as is_called
           from pg_sequences s where s.schemaname <> all($1::text[]) order by 1`,
        [SKIPPED_SCHEMAS],
      )
    ).rows.map((r) => ({ name: r.name, lastValue: r.last_value, isCalled: r.is_called }));
    const xidColumns = (
      await client.query<{ schema: string; table: string; column: string }>(
        `select table_schema as schema, table_name as table, column_name as column from information_schema.columns
          where udt_name = 'xid8' and table_schema <> all($1::text[]) and table_schema not in ('pg_catalog', 'information_schema')`,
        [SKIPPED_SCHEMAS],
      )
    ).rows;
    let maxTransactionId = 0n;
    for (const c of xidColumns) {
      const value = (await client.query<{ m: string | null }>(`select max(${qualified(c.schema, c.table)}.${'"' + c.column.replace(/"/g, '""') + '"'})::text as m from ${qualified(c.schema, c.table)}`)).rows[0]!.m;
      if (value !== null && BigInt(value) > maxTransactionId) maxTransactionId = BigInt(value);
    }
    const heads = await chainHeads(client);
    writeFileSync(join(args.out, 'chain-heads.txt'), heads.heads.join('\n') + (heads.heads.length ? '\n' : ''));
    const checkpoint = await latestCheckpoint(client);
    const jobsTable = (await client.query<{ ok: boolean }>(`select to_regclass('jobs.job') is not null as ok`)).rows[0]!.ok;
    const waiting = jobsTable ? Number((await client.query<{ n: string }>(`select count(*) as n from jobs.job where state in ('created', 'retry', 'active')`)).rows[0]!.n) : 0;
    await client.query('commit');

    // Media after the snapshot: a row can only name a file that already existed (files are added, not rewritten).
    const media: FileEntry[] = [];
    const root = join(config.dataDir, 'media'); // platform.module's mediaRoot (not imported: it loads the whole platform)
    // With STORAGE=s3 the bucket's objects are copied the same way (docs/adr/0060): the backup holds every byte.
    const bucket = config.storage.kind === 's3' ? new S3MediaStorage(config.storage) : null;
    try {
      const paths: string[] = [];
      if (bucket) for await (const path of bucket.listAll()) paths.push(path);
      else paths.push(...(await listFiles(root)));
      for (const path of paths.sort()) {
        if (!isSafeRelativePath(path)) throw new Error(`Objet au nom refusé dans le bucket : ${JSON.stringify(path)} (il sortirait du dossier de sauvegarde).`);
        const target = join(args.out, 'media', path);
        mkdirSync(dirname(target), { recursive: true });
        if (!bucket) copyFileSync(join(root, path), target);
        else await download(bucket, path, target);
        media.push({ path, ...(await sha256File(target)) });
      }
    } finally {
      bucket?.client.destroy();
    }
    if (bucket) out.log(`Médias copiés depuis le stockage objet (bucket ${config.storage.kind === 's3' ? config.storage.bucket : '?'}) : ${media.length} objet(s).`);
    // Without its key the ledger would go on under a new one; without the JWT secrets every session ends (ADR 0062).
    const secrets: FileEntry[] = [];
    for (const source of [signingKeyFile(config.dataDir), join(config.dataDir, 'secrets.json')]) {
      if (!existsSync(source)) continue;
      const name = source.slice(config.dataDir.length + 1);
      mkdirSync(join(args.out, 'secrets'), { recursive: true, mode: 0o700 });
      copyFileSync(source, join(args.out, 'secrets', name));
      chmodSync(join(args.out, 'secrets', name), 0o600);
      secrets.push({ path: name, ...(await sha256File(join(args.out, 'secrets', name))) });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      serverVersion: version.v,
      serverVersionNum: Number(version.n),
      database: version.db,
      migrations,
      maxTransactionId: maxTransactionId.toString(),
      tables,
      sequences,
      media: { root: 'media', files: media, storage: config.storage.kind, bucket: config.storage.kind === 's3' ? config.storage.bucket : null },
      secrets,
      chainHeads: heads.summary,
      latestCheckpoint: checkpoint,
      jobsNotCopied: { waiting },
    };
    // Written last: a folder without manifest.json is an unfinished backup.
    writeFileSync(join(args.out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
    const rows = tables.reduce((sum, t) => sum + t.rows, 0);
    out.log(`Sauvegarde écrite dans ${args.out} en ${((performance.now() - started) / 1000).toFixed(1)} s : PostgreSQL ${version.v}, ${tables.length} tables (${rows} lignes), ${media.length} média(s), ${secrets.length} secret(s).`);
    out.log(`Journal : ${heads.summary.events} événement(s), ${heads.summary.streams} flux, têtes ${heads.summary.digest}.`);
    out.log(checkpoint ? `Dernier point de contrôle du registre : n° ${checkpoint.seq} (${checkpoint.createdAt}, racine ${checkpoint.root}).` : 'Aucun point de contrôle du registre encore.');
    if (waiting > 0) out.log(`ATTENTION : ${waiting} tâche(s) en attente dans la file ne sont pas sauvegardées (le schéma jobs est recréé au démarrage) : relancez-les après une restauration.`);
    return 0;
  } finally {
    await client.end().catch(() => undefined);
    await database.close();
  }
}

/**
 * Streams one listed object of the bucket to a file. One that cannot be read fails the backup (a
 * key without s3:GetObject answers 403, which the app reads as « not there »): a backup never
 * succeeds with media missing.
 */
async function download(bucket: S3MediaStorage, path: string, target: string): Promise<void> {
  const file = await bucket.open(MEDIA_PREFIX + path);
  if (!file) throw new Error(`Objet listé mais illisible : ${path} (retiré entre-temps, ou la clé n'a pas s3:GetObject) : relancez la sauvegarde.`);
  await pipeline(await file.read(), createWriteStream(target));
}

if (isEntryPoint(import.meta.url)) runCommand(backupCommand);
