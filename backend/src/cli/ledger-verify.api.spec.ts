import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Database } from '../platform/database/database.js';
import { parseExactJson } from '../platform/event-log/chain-verifier.js';
import { eventHash } from '../platform/event-log/event-hash.js';
import { checkpointBody, parseCheckpointBody, signBody, keyIdOf } from '../platform/ledger/checkpoint-format.js';
import { headLine, merkleRoot } from '../platform/ledger/merkle.js';
import { verifyCommand } from './eventlog-verify.js';
import { output, startWorkloadApp, type Workload } from './testing/event-log-workload.js';

let w: Workload;
let db: Database;
let superuser: pg.Client;
const dir = mkdtempSync(join(tmpdir(), 'lms-ledger-copies-'));

const run = async (...argv: string[]) => {
  const { lines, out } = output();
  const code = await verifyCommand(argv, w.env, out);
  return { code, log: lines.log.join('\n'), error: lines.error.join('\n') };
};

/**
 * What a dishonest operator does as superuser: changes the payload of one event and re-hashes
 * its stream from there on, so that every chain is intact again.
 */
async function rewriteAndRehash(streamType: string, streamId: string, version: number, change: (payload: Record<string, unknown>) => void) {
  const { rows } = await superuser.query(
    `select position, event_id::text, stream_type, stream_id, stream_version, event_type, schema_version, payload::text as payload, metadata::text as metadata,
            to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as occurred_at, prev_hash, hash
       from eventlog.event where stream_type = $1 and stream_id = $2 order by stream_version`,
    [streamType, streamId],
  );
  let prev: string | null = null;
  for (const row of rows) {
    const payload = parseExactJson(row.payload).value as Record<string, unknown>;
    if (row.stream_version === version) change(payload);
    const hash = eventHash({ ...row, payload, metadata: parseExactJson(row.metadata).value as object, prev_hash: prev });
    await superuser.query('update eventlog.event set payload = $2::jsonb, prev_hash = $3, hash = $4 where position = $1', [row.position, JSON.stringify(payload), prev, hash]);
    prev = hash;
  }
}

beforeAll(async () => {
  w = await startWorkloadApp();
  db = w.db;
  superuser = new pg.Client({ connectionString: w.t.databaseUrl });
  await superuser.connect();
  await superuser.query('set session_replication_role = replica');
}, 60_000);
afterAll(async () => {
  await superuser?.end();
  await w?.t.close();
});

describe('npm run eventlog:verify and the ledger', () => {
  let copy: string;

  it('checks every checkpoint: signature, and the heads it covered still in the chain', async () => {
    const written = await w.t.app.inject({ method: 'POST', url: '/api/admin/ledger/checkpoints/', headers: { authorization: `Bearer ${w.adminToken}` } });
    expect(written.statusCode).toBe(200);
    // The external copy: the page a third party fetched and kept (or the e-mail the centre received).
    copy = join(dir, 'copie.json');
    writeFileSync(copy, (await w.t.app.inject({ method: 'GET', url: '/api/ledger/checkpoints/' })).body);
    const ok = await run('--checkpoints-from', copy);
    expect(ok.error).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.log).toContain('OK : toutes les chaînes sont intactes.');
    expect(ok.log).toContain('OK : 1 point(s) de contrôle et 1 copie(s) externe(s) vérifiés');
  });

  it('catches an event altered as superuser twice: its broken link, and the signed head no longer in the chain after a re-hash', async () => {
    const target = (await db.one<{ position: number; payload: string }>(
      `select position, payload::text as payload from eventlog.event where stream_type = 'test.course' and stream_id = '3' and stream_version = 2`,
    ))!;
    await superuser.query('update eventlog.event set payload = $2::jsonb where position = $1', [target.position, JSON.stringify({ n: 999 })]);
    const broken = await run();
    expect(broken.code).toBe(1);
    expect(broken.error).toContain(`MAILLON ROMPU : événement n° ${target.position}`);

    await rewriteAndRehash('test.course', '3', 2, (payload) => (payload.n = 999));
    const rewritten = await run();
    expect(rewritten.code).toBe(1);
    expect(rewritten.log).toContain('OK : toutes les chaînes sont intactes.');
    expect(rewritten.error).toMatch(/POINT DE CONTRÔLE n° 1 FAUX : la chaîne d'aujourd'hui donne .* pas la racine signée .* le journal a été réécrit/);
    const last = (await db.one<{ position: number; event_id: string }>(
      `select position, event_id::text from eventlog.event where stream_type = 'test.course' and stream_id = '3' order by stream_version desc limit 1`,
    ))!;
    expect(rewritten.error).toContain(`flux test.course/3 : tête signée test.course/3@6:`);
    expect(rewritten.error).toContain(`(événement n° ${last.position}, id ${last.event_id})`);
    expect(rewritten.error).not.toContain('flux test.course/2');
  });

  it('catches an operator who re-signs the checkpoint with a new key: against the copy kept outside', async () => {
    const [row] = (await superuser.query(`select body from ledger.checkpoint where seq = 1`)).rows;
    const fields = parseCheckpointBody(row.body)!;
    const heads = (await superuser.query(
      `select distinct on (stream_type, stream_id) stream_type, stream_id, stream_version, hash from eventlog.event
        where (transaction_id, position) <= ($1::xid8, $2) order by stream_type, stream_id, stream_version desc`,
      [fields.transactionId, fields.position],
    )).rows.map((r) => ({ streamType: r.stream_type, streamId: r.stream_id, version: r.stream_version, hash: r.hash }));
    heads.sort((a, b) => Buffer.compare(Buffer.from(`${a.streamType}/${a.streamId}`), Buffer.from(`${b.streamType}/${b.streamId}`)));
    const key = generateKeyPairSync('ed25519');
    const forged = { ...fields, root: merkleRoot(heads.map(headLine)).toString('hex'), keyId: keyIdOf(key.privateKey) };
    const body = checkpointBody(forged);
    const head3 = heads.find((h) => h.streamId === '3' && h.streamType === 'test.course')!;
    await superuser.query(`insert into ledger.signing_key values ($1, 'Ed25519', $2, now())`, [forged.keyId, key.publicKey.export({ format: 'pem', type: 'spki' })]);
    await superuser.query(`update ledger.checkpoint set root = $1, key_id = $2, body = $3, signature = $4 where seq = 1`, [forged.root, forged.keyId, body, signBody(body, key.privateKey)]);
    await superuser.query(`update ledger.checkpoint_head set hash = $1 where seq = 1 and stream_type = 'test.course' and stream_id = '3'`, [head3.hash]);
    await superuser.query(`delete from ledger.signing_key where key_id = $1`, [fields.keyId]);

    // On the server alone, everything holds again…
    const alone = await run();
    expect(alone.error).toBe('');
    expect(alone.code).toBe(0);
    // …but not against the copy kept outside, nor against the e-mail.
    const against = await run('--checkpoints-from', copy);
    expect(against.code).toBe(1);
    expect(against.error).toContain(`copie externe : la clé ${fields.keyId} qui l'a signée n'est plus publiée par le serveur`);
    expect(against.error).toContain("copie externe : le point n° 1 du serveur n'est plus celui qui a été envoyé");
    expect(against.error).toMatch(/copie externe : la chaîne d'aujourd'hui donne .* le journal a été réécrit depuis/);
    const mail = join(dir, 'mail.txt');
    const kept = JSON.parse(readFileSync(copy, 'utf8')).results[0];
    writeFileSync(mail, `Point de contrôle n° 1…\n\n-----BEGIN LMS CHECKPOINT-----\n${JSON.stringify(kept)}\n-----END LMS CHECKPOINT-----\n`);
    expect((await run('--checkpoints-from', mail)).code).toBe(1);
  });

  it('refuses an unreadable copy with exit code 2', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"seq": 1}');
    const result = await run('--checkpoints-from', bad);
    expect(result.code).toBe(2);
    expect(result.error).toContain('chaque point de contrôle doit porter seq, body, signature, key_id et root.');
    expect((await run('--checkpoints-from', join(dir, 'absent.json'))).code).toBe(2);
  });
});
