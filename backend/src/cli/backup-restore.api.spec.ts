// A backup of the app's database restored into a fresh database (docs/adr/0062): the chain heads and
// eventlog:verify hold on the copy; a non-empty target and a damaged backup are refused in French;
// one event row changed in the restored copy makes eventlog:verify fail.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig, type S3Config } from '../platform/config/config.js';
import { S3MediaStorage } from '../platform/storage/s3-storage.js';
import { startTestS3 } from '../platform/testing/s3rver.js';
import type { BackupManifest } from './backup/backup-set.js';
import { backupCommand } from './backup.js';
import { verifyCommand } from './eventlog-verify.js';
import { advanceTransactionCounter, restoreCommand } from './restore.js';
import { output, startWorkloadApp, type Workload } from './testing/event-log-workload.js';

let w: Workload;
let work: string;
const databases: string[] = [];

beforeAll(async () => {
  w = await startWorkloadApp();
  work = mkdtempSync(join(tmpdir(), 'restore-spec-'));
  // As root the embedded PostgreSQL runs as the 'postgres' user, who must reach its folder.
  chmodSync(work, 0o755);
}, 60_000);
afterAll(async () => {
  for (const name of databases) await w.db.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await w?.t.close();
  rmSync(work, { recursive: true, force: true });
});

/** A new, empty database on the test server. */
async function freshDatabase(): Promise<string> {
  const name = `restore_${databases.length}_${process.pid}`;
  await w.db.query(`create database ${name}`);
  databases.push(name);
  const url = new URL(w.t.databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function backup(out: string): Promise<BackupManifest> {
  const { lines, out: o } = output();
  expect(await backupCommand(['--out', out], w.env, o)).toBe(0);
  expect(lines.error).toEqual([]);
  return JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as BackupManifest;
}

describe('npm run backup / npm run restore', () => {
  it('restores into a fresh database with the same chain heads, and eventlog:verify passes on the copy; a changed event row then fails it', async () => {
    const manifest = await backup(join(work, 'set'));
    expect(manifest.chainHeads.events).toBeGreaterThanOrEqual(52);
    expect(manifest.tables.some((t) => t.schema === 'eventlog' && t.table === 'event' && t.rows === manifest.chainHeads.events)).toBe(true);
    expect(manifest.serverVersion).toMatch(/^\d+/);

    const url = await freshDatabase();
    const dataDir = join(work, 'data');
    const restored = output();
    expect(await restoreCommand(['--from', join(work, 'set'), '--database-url', url, '--data-dir', dataDir], {}, restored.out)).toBe(0);
    expect(restored.lines.error).toEqual([]);
    expect(restored.lines.log.join('\n')).toContain(`Têtes de chaîne identiques à la sauvegarde : ${manifest.chainHeads.streams} flux`);

    const verified = output();
    expect(await verifyCommand([], { DATABASE_URL: url, DATA_DIR: dataDir }, verified.out)).toBe(0);
    expect(verified.lines.log.join('\n')).toContain('OK : toutes les chaînes sont intactes.');

    // A new event on the restored copy sorts after every restored one (here the copy shares the source's server: see the next test).
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ later: boolean }>(`select pg_current_xact_id() > (select max(transaction_id) from eventlog.event) as later`);
      expect(rows[0]!.later).toBe(true);
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      await client.query(`update eventlog.event set payload = payload || '{"n": 999}' where position = (select min(position) from eventlog.event where stream_type = 'test.course')`);
      await client.query('commit');
    } finally {
      await client.end();
    }
    const broken = output();
    expect(await verifyCommand([], { DATABASE_URL: url, DATA_DIR: dataDir }, broken.out)).toBe(1);
    expect(broken.lines.error.join('\n')).toContain('MAILLON ROMPU');
  }, 120_000);

  it("moves a server's transaction counter past the highest restored transaction id", async () => {
    const client = new pg.Client({ connectionString: w.t.databaseUrl });
    await client.connect();
    try {
      const now = BigInt((await client.query<{ x: string }>('select pg_current_xact_id()::text as x')).rows[0]!.x);
      const target = now + 12_345n;
      const { lines, out } = output();
      await advanceTransactionCounter(client, target, out);
      const after = BigInt((await client.query<{ x: string }>('select pg_current_xact_id()::text as x')).rows[0]!.x);
      expect(after > target).toBe(true);
      expect(lines.log.join()).toContain(`Avance du compteur de transactions du serveur neuf de`);
    } finally {
      await client.end();
    }
  }, 60_000);

  it('without --database-url, restores into a new embedded PostgreSQL in the data folder, the one the app and the commands then take', async () => {
    const manifest = await backup(join(work, 'set-embedded'));
    const dataDir = join(work, 'data-embedded');
    const restored = output();
    expect(await restoreCommand(['--from', join(work, 'set-embedded'), '--data-dir', dataDir], {}, restored.out)).toBe(0);
    expect(restored.lines.log.join('\n')).toContain(`Base embarquée neuve créée dans ${join(dataDir, 'postgres')}.`);
    expect(restored.lines.log.join('\n')).toContain(`empreinte ${manifest.chainHeads.digest}`);
    const port = String(20_000 + (process.pid % 20_000));
    const verified = output();
    expect(await verifyCommand([], { DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: port }, verified.out)).toBe(0);
    expect(verified.lines.log.join('\n')).toContain(`${manifest.chainHeads.events} événement(s) dans ${manifest.chainHeads.streams} flux vérifiés`);
    const again = output();
    expect(await restoreCommand(['--from', join(work, 'set-embedded'), '--data-dir', dataDir], {}, again.out)).toBe(2);
    expect(again.lines.error.join()).toMatch(/Restauration refusée : .*restaurez dans un dossier de données neuf/);
  }, 120_000);

  it('refuses a target database that is not empty, in French', async () => {
    await backup(join(work, 'set2'));
    const { lines, out } = output();
    expect(await restoreCommand(['--from', join(work, 'set2'), '--database-url', w.t.databaseUrl, '--data-dir', join(work, 'data2')], {}, out)).toBe(2);
    expect(lines.error.join('\n')).toMatch(/Restauration refusée : La base cible n'est pas vide \(\d+ table\(s\), dont /);
  }, 60_000);

  it('refuses a backup whose file no longer has the SHA-256 of its manifest', async () => {
    const set = join(work, 'set3');
    const manifest = await backup(set);
    const events = manifest.tables.find((t) => t.table === 'event' && t.schema === 'eventlog')!;
    writeFileSync(join(set, events.file), 'abîmé');
    const url = await freshDatabase();
    const { lines, out } = output();
    expect(await restoreCommand(['--from', set, '--database-url', url, '--data-dir', join(work, 'data3')], {}, out)).toBe(2);
    expect(lines.error.join('\n')).toContain(`Fichier altéré dans la sauvegarde : ${events.file}`);
  }, 60_000);

  it('with STORAGE=s3 copies every object of the bucket into the backup, and restores them into a new bucket (a non-empty one refused)', async () => {
    const source = await startTestS3('centre-medias');
    const target = await startTestS3('centre-medias-copie');
    const inSource = new S3MediaStorage(loadConfig({ ...w.env, ...source.env }).storage as { kind: 's3' } & S3Config);
    const inTarget = new S3MediaStorage(loadConfig({ ...w.env, ...target.env }).storage as { kind: 's3' } & S3Config);
    try {
      const image = await inSource.put('courses', 'jpg', Buffer.from('une image de cours'));
      const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
      const video = await inSource.put('videos', 'mp4', big);
      const set = join(work, 'set-s3');
      const { lines, out } = output();
      expect(await backupCommand(['--out', set], { ...w.env, ...source.env }, out)).toBe(0);
      expect(lines.log.join('\n')).toContain('Médias copiés depuis le stockage objet (bucket centre-medias) : 2 objet(s).');
      const manifest = JSON.parse(readFileSync(join(set, 'manifest.json'), 'utf8')) as BackupManifest;
      expect(manifest.media.storage).toBe('s3');
      expect(manifest.media.bucket).toBe('centre-medias');
      expect(manifest.media.files.map((f) => f.path).sort()).toEqual([image, video].map((p) => p.slice('/media/'.length)).sort());
      expect(manifest.media.files.find((f) => video.endsWith(f.path))).toMatchObject({ bytes: big.length, sha256: createHash('sha256').update(big).digest('hex') });

      const restored = output();
      expect(await restoreCommand(['--from', set, '--database-url', await freshDatabase(), '--data-dir', join(work, 'data-s3')], target.env, restored.out)).toBe(0);
      expect(restored.lines.log.join('\n')).toContain('Médias restaurés dans le stockage objet : 2 objet(s).');
      expect(await inTarget.readAll(video)).toEqual(big);
      expect((await inTarget.readAll(image))?.toString()).toBe('une image de cours');

      // The same bucket again: refused before anything is written.
      const again = output();
      expect(await restoreCommand(['--from', set, '--database-url', await freshDatabase(), '--data-dir', join(work, 'data-s3-bis')], target.env, again.out)).toBe(2);
      expect(again.lines.error.join()).toMatch(/Restauration refusée : Le bucket cible centre-medias-copie n'est pas vide \(il contient /);
    } finally {
      inSource.client.destroy();
      inTarget.client.destroy();
      await source.stop();
      await target.stop();
    }
  }, 120_000);

  it('writes only into a new or empty folder, and makes an existing one readable by its owner only', async () => {
    const { lines, out } = output();
    expect(await backupCommand(['--out', join(work, 'set')], w.env, out)).toBe(2);
    expect(lines.error.join()).toContain("n'est pas vide");
    const made = join(work, 'set-made-before');
    mkdirSync(made, { mode: 0o755 });
    chmodSync(made, 0o755);
    await backup(made);
    expect(statSync(made).mode & 0o777).toBe(0o700);
  }, 60_000);

  it('refuses a manifest naming a file outside the backup or the data folder, before writing anything', async () => {
    const set = join(work, 'set-traversal');
    const manifest = await backup(set);
    const victim = join(work, 'victime.txt');
    writeFileSync(join(set, 'manifest.json'), JSON.stringify({ ...manifest, secrets: [...manifest.secrets, { path: '../../victime.txt', sha256: 'x', bytes: 1 }] }));
    const target = join(work, 'data-traversal');
    const { lines, out } = output();
    expect(await restoreCommand(['--from', set, '--database-url', await freshDatabase(), '--data-dir', target], {}, out)).toBe(2);
    expect(lines.error.join()).toContain('Chemin refusé dans le manifeste : "secrets/../../victime.txt"');
    expect(existsSync(victim)).toBe(false);
    expect(existsSync(target)).toBe(false);
  }, 60_000);
});
