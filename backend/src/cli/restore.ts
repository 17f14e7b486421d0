import { chmodSync, copyFileSync, createReadStream, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../platform/database/embedded-postgres.js';
import { loadConfig } from '../platform/config/config.js';
import { migrateDatabase } from '../platform/database/migrate-once.js';
import { MEDIA_PREFIX } from '../platform/storage/media-storage.js';
import { S3MediaStorage } from '../platform/storage/s3-storage.js';
import { appTables, BACKUP_FORMAT, isSafeRelativePath, MIGRATIONS_TABLE, chainHeads, qualified, quoteIdent, sha256File, SKIPPED_SCHEMAS, type BackupManifest, type TableEntry } from './backup/backup-set.js';
import { isEntryPoint, runCommand, type Output } from './cli-database.js';

const USAGE = `Usage : npm run restore -- --from <dossier de sauvegarde> [--database-url <postgres://…>] --data-dir <dossier>

Restaure une sauvegarde de npm run backup dans une base PostgreSQL NEUVE (aucune table) et un dossier
de données neuf (sans médias ni secrets) : vérifie le SHA-256 de chaque fichier du manifeste, applique
les migrations de cette version de l'application (les mêmes que la sauvegarde), recopie les lignes
de chaque table (déclencheurs suspendus : il faut un rôle superutilisateur), les séquences, puis les
médias et les secrets ; compare enfin les têtes de chaîne du journal à celles du manifeste.
Sans --database-url : une base PostgreSQL embarquée neuve est créée dans <dossier>/postgres, celle que
l'application prend avec DATA_DIR=<dossier> et sans DATABASE_URL.
Code de sortie : 0 si la copie est complète et identique, 1 si elle diffère, 2 en cas d'erreur ou de refus.`;

export interface RestoreArgs {
  from: string;
  /** null: a new embedded PostgreSQL in `<dataDir>/postgres`. */
  databaseUrl: string | null;
  dataDir: string;
}

export function parseRestoreArgs(argv: string[]): RestoreArgs | string {
  const values: Partial<Record<'from' | 'database-url' | 'data-dir', string>> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return USAGE;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const name = flag.replace(/^--/, '');
    if (name !== 'from' && name !== 'database-url' && name !== 'data-dir') return `Argument inconnu : ${arg}\n\n${USAGE}`;
    values[name] = inline ?? argv[++i];
  }
  for (const name of ['from', 'data-dir'] as const) if (!values[name]) return `--${name} est obligatoire.\n\n${USAGE}`;
  return { from: resolve(values.from!), databaseUrl: values['database-url'] ?? null, dataDir: resolve(values['data-dir']!) };
}

class Refusal extends Error {}

/** A TCP port free on 127.0.0.1 now (the restored embedded database runs only for the command). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The manifest, once every file it names has the SHA-256 it records. */
async function checkedManifest(from: string): Promise<BackupManifest> {
  const file = join(from, 'manifest.json');
  if (!existsSync(file)) throw new Refusal(`${from} ne contient pas de manifest.json : ce n'est pas une sauvegarde complète.`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Refusal(`Format de sauvegarde inconnu : ${String(manifest.format)} (attendu ${BACKUP_FORMAT}).`);
  const files = [
    ...manifest.tables.map((t) => ({ path: t.file, sha256: t.sha256 })),
    ...manifest.media.files.map((f) => ({ path: `media/${f.path}`, sha256: f.sha256 })),
    ...manifest.secrets.map((f) => ({ path: `secrets/${f.path}`, sha256: f.sha256 })),
  ];
  for (const entry of files) {
    if (!isSafeRelativePath(entry.path) || entry.path.startsWith('secrets/') && entry.path.slice('secrets/'.length).includes('/')) {
      throw new Refusal(`Chemin refusé dans le manifeste : ${JSON.stringify(entry.path)} (il sortirait du dossier de sauvegarde ou de données).`);
    }
    const path = join(from, entry.path);
    if (!existsSync(path)) throw new Refusal(`Fichier manquant dans la sauvegarde : ${entry.path}.`);
    const { sha256 } = await sha256File(path);
    if (sha256 !== entry.sha256) throw new Refusal(`Fichier altéré dans la sauvegarde : ${entry.path} (SHA-256 ${sha256}, le manifeste dit ${entry.sha256}).`);
  }
  return manifest;
}

/** The target's migrations, once applied by this version of the app, must be the backup's. */
async function checkMigrations(client: pg.Client, manifest: BackupManifest): Promise<void> {
  const code = (await client.query<{ name: string }>(`select name from ${qualified(MIGRATIONS_TABLE.schema, MIGRATIONS_TABLE.table)} order by id`)).rows.map((r) => r.name);
  if (code.join('\n') !== manifest.migrations.join('\n')) {
    const missing = manifest.migrations.filter((m) => !code.includes(m));
    const extra = code.filter((m) => !manifest.migrations.includes(m));
    throw new Refusal(
      `Cette sauvegarde vient d'une autre version de l'application (migrations ${missing.length ? `inconnues ici : ${missing.join(', ')}` : ''}${missing.length && extra.length ? ' ; ' : ''}${extra.length ? `absentes de la sauvegarde : ${extra.join(', ')}` : ''}) : restaurez-la avec la version qui l'a écrite, puis mettez à jour.`,
    );
  }
}

function refuseNonEmptyDataDir(dataDir: string, manifest: BackupManifest): void {
  const media = join(dataDir, 'media');
  if (existsSync(media) && readdirSync(media).length > 0) throw new Refusal(`Le dossier de médias cible ${media} n'est pas vide : restaurez dans un dossier de données neuf.`);
  for (const secret of manifest.secrets) {
    if (existsSync(join(dataDir, secret.path))) throw new Refusal(`Le dossier de données cible contient déjà ${secret.path} : restaurez dans un dossier de données neuf.`);
  }
}

async function refuseNonEmptyDatabase(client: pg.Client, manifest: BackupManifest): Promise<void> {
  const tables = await appTables(client);
  const jobs = (await client.query<{ n: number }>(`select count(*)::int as n from pg_namespace where nspname = any($1::text[])`, [SKIPPED_SCHEMAS])).rows[0]!.n;
  if (tables.length > 0 || jobs > 0) {
    const example = tables[0] ? `, dont ${tables[0].schema}.${tables[0].table}` : '';
    throw new Refusal(`La base cible n'est pas vide (${tables.length} table(s)${example}) : la restauration se fait dans une base neuve (createdb), jamais par-dessus des données.`);
  }
  const role = (await client.query<{ su: boolean; v: number }>(`select rolsuper as su, current_setting('server_version_num')::int as v from pg_roles where rolname = current_user`)).rows[0]!;
  if (!role.su) throw new Refusal("Le rôle de --database-url n'est pas superutilisateur : il faut suspendre les déclencheurs (journal en ajout seul) le temps de la copie.");
  if (Math.floor(role.v / 10000) < Math.floor(manifest.serverVersionNum / 10000)) {
    throw new Refusal(`Le serveur cible (PostgreSQL ${Math.floor(role.v / 10000)}) est plus ancien que celui de la sauvegarde (${manifest.serverVersion}).`);
  }
}

/** Inserts one table's NDJSON rows, 1,000 at a time, into the columns the target can take. */
async function loadTable(client: pg.Client, from: string, entry: TableEntry): Promise<number> {
  const target = qualified(entry.schema, entry.table);
  const columns = (
    await client.query<{ name: string; identity: string }>(
      `select attname as name, attidentity as identity from pg_attribute
        where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [target],
    )
  ).rows;
  if (columns.length === 0) throw new Refusal(`La table ${entry.schema}.${entry.table} de la sauvegarde n'existe pas après les migrations.`);
  const list = columns.map((c) => quoteIdent(c.name)).join(', ');
  const overriding = columns.some((c) => c.identity === 'a') ? 'overriding system value' : '';
  const sql = `insert into ${target} (${list}) ${overriding} select ${list} from jsonb_populate_recordset(null::${target}, $1::jsonb)`;
  // Rows a migration wrote (reference data) come back from the backup, as they were.
  await client.query(`delete from ${target}`);
  let batch: string[] = [];
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(sql, [`[${batch.join(',')}]`]);
    rows += batch.length;
    batch = [];
  };
  const lines = createInterface({ input: createReadStream(join(from, entry.file)).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= 1000) await flush();
  }
  await flush();
  if (rows !== entry.rows) throw new Error(`${entry.schema}.${entry.table} : ${rows} ligne(s) relues, le manifeste en annonce ${entry.rows}.`);
  return rows;
}

/**
 * The event log orders by transaction id (xid8, docs/adr/0004): a fresh server's counter starts low,
 * so it is moved past the highest one restored, or new events would sort before old ones.
 */
export async function advanceTransactionCounter(client: pg.Client, target: bigint, out: Output): Promise<void> {
  let current = BigInt((await client.query<{ x: string }>('select pg_current_xact_id()::text as x')).rows[0]!.x);
  if (current > target) return;
  out.log(`Avance du compteur de transactions du serveur neuf de ${current} à ${target + 1n}…`);
  while (current <= target) {
    // Each subtransaction that writes takes an id of its own: up to 10,000 per statement.
    const step = Number(target - current + 1n > 10_000n ? 10_000n : target - current + 1n);
    await client.query(`do $$ begin
        create temporary table if not exists restore_xid (n int) on commit drop;
        for i in 1..${step} loop
          begin insert into restore_xid values (i); exception when others then raise; end;
        end loop;
      end $$`);
    current = BigInt((await client.query<{ x: string }>('select pg_current_xact_id()::text as x')).rows[0]!.x);
  }
}

export async function restoreCommand(argv: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  const args = parseRestoreArgs(argv);
  if (typeof args === 'string') {
    (args === USAGE ? out.log : out.error)(args);
    return args === USAGE ? 0 : 2;
  }
  const started = performance.now();
  let embedded: EmbeddedDatabase | null = null;
  let client: pg.Client | null = null;
  let bucket: S3MediaStorage | null = null;
  try {
    const manifest = await checkedManifest(args.from);
    refuseNonEmptyDataDir(args.dataDir, manifest);
    // The media go where this environment's STORAGE says (docs/adr/0060), whatever held them at the backup:
    // a local backup restored with STORAGE=s3 moves a centre's media into its bucket.
    const storage = loadConfig({ ...env, DATA_DIR: args.dataDir }).storage;
    bucket = storage.kind === 's3' ? new S3MediaStorage(storage) : null;
    if (bucket) for await (const path of bucket.listAll()) throw new Refusal(`Le bucket cible ${storage.kind === 's3' ? storage.bucket : ''} n'est pas vide (il contient ${path}) : restaurez dans un bucket neuf.`);
    if (args.databaseUrl === null) {
      const dir = join(args.dataDir, 'postgres');
      if (existsSync(join(dir, 'cluster', 'PG_VERSION'))) throw new Refusal(`${dir} contient déjà une base embarquée : restaurez dans un dossier de données neuf.`);
      embedded = await startEmbeddedPostgres({ dir, port: await freePort(), database: 'lms' });
      out.log(`Base embarquée neuve créée dans ${dir}.`);
    }
    const databaseUrl = embedded?.url ?? args.databaseUrl!;
    client = new pg.Client({ connectionString: databaseUrl, application_name: 'lms-restore' });
    await client.connect();
    await refuseNonEmptyDatabase(client, manifest);
    out.log(`Sauvegarde du ${manifest.createdAt} (PostgreSQL ${manifest.serverVersion}) : fichiers vérifiés.`);
    await migrateDatabase(databaseUrl, out.log);
    await checkMigrations(client, manifest);
    await client.query('begin');
    // Triggers off for this transaction only: the log's append-only guard and foreign keys (rows come in table order).
    await client.query(`set local session_replication_role = replica`);
    let rows = 0;
    for (const table of manifest.tables) rows += await loadTable(client, args.from, table);
    for (const sequence of manifest.sequences) {
      if (sequence.lastValue !== null) await client.query(`select setval($1::regclass, $2::bigint, $3)`, [sequence.name, sequence.lastValue, sequence.isCalled]);
    }
    await client.query('commit');
    await advanceTransactionCounter(client, BigInt(manifest.maxTransactionId), out);
    if (!bucket) mkdirSync(join(args.dataDir, 'media'), { recursive: true });
    for (const file of manifest.media.files) {
      if (bucket) {
        await bucket.writeFile(MEDIA_PREFIX + file.path, join(args.from, 'media', file.path));
        continue;
      }
      const target = join(args.dataDir, 'media', file.path);
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(join(args.from, 'media', file.path), target);
    }
    for (const secret of manifest.secrets) {
      const target = join(args.dataDir, secret.path);
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(join(args.from, 'secrets', secret.path), target);
      chmodSync(target, 0o600);
    }
    const heads = await chainHeads(client);
    out.log(
      `Restauration terminée en ${((performance.now() - started) / 1000).toFixed(1)} s : ${manifest.tables.length} tables (${rows} lignes), ${manifest.media.files.length} média(s), ${manifest.secrets.length} secret(s).`,
    );
    if (heads.summary.digest !== manifest.chainHeads.digest || heads.summary.events !== manifest.chainHeads.events) {
      out.error(`TÊTES DE CHAÎNE DIFFÉRENTES : ${heads.summary.events} événement(s), empreinte ${heads.summary.digest} ; la sauvegarde dit ${manifest.chainHeads.events}, ${manifest.chainHeads.digest}.`);
      return 1;
    }
    out.log(`Têtes de chaîne identiques à la sauvegarde : ${heads.summary.streams} flux, ${heads.summary.events} événement(s), empreinte ${heads.summary.digest}.`);
    if (bucket) out.log(`Médias restaurés dans le stockage objet : ${manifest.media.files.length} objet(s).`);
    if (manifest.jobsNotCopied.waiting > 0) out.log(`ATTENTION : ${manifest.jobsNotCopied.waiting} tâche(s) en attente au moment de la sauvegarde ne sont pas restaurées (file de tâches recréée au démarrage).`);
    return 0;
  } catch (error) {
    if (error instanceof Refusal) {
      out.error(`Restauration refusée : ${error.message}`);
      return 2;
    }
    await client?.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    bucket?.client.destroy();
    await client?.end().catch(() => undefined);
    await embedded?.stop();
  }
}

if (isEntryPoint(import.meta.url)) runCommand(restoreCommand);
