import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from './platform/testing/eventually.js';
import { readMail, startSmtpCatcher } from './platform/testing/smtp-catcher.js';
import { call, givenAdmin, givenStudent } from './testing/fixtures.js';
import { startTestApp, type TestApp } from './testing/test-app.js';
import { Database } from './platform/database/database.js';
import type { SqlExecutor } from './platform/event-log/sql-executor.js';
import { keyIdOf } from './platform/ledger/checkpoint-format.js';
import { writeCheckpoint } from './platform/ledger/ledger.store.js';
import { LedgerService } from './platform/ledger/ledger.service.js';
import { verifyInclusion } from './platform/ledger/merkle.js';

/** A local HTTP receiver of the posted copies; answers `status` (200 unless a test changes it). */
async function startReceiver() {
  const bodies: unknown[] = [];
  const state = { status: 200 };
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      if (state.status === 200) bodies.push({ contentType: request.headers['content-type'], json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      response.statusCode = state.status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ancre`, bodies, state, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let adminToken: string;
let studentToken: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  receiver = await startReceiver();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'Centre Test <contact@centre-test.fr>', LEDGER_ANCHOR_URL: receiver.url });
  adminToken = (await givenAdmin(t)).token;
  studentToken = (await givenStudent(t)).token;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await receiver?.stop();
});

describe('ledger checkpoints', () => {
  it('are written by admins only, on demand, and nothing new gives back the last one', async () => {
    expect((await call(t, 'POST', '/api/admin/ledger/checkpoints/')).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/admin/ledger/checkpoints/', studentToken)).statusCode).toBe(403);
    const first = await call(t, 'POST', '/api/admin/ledger/checkpoints/', adminToken);
    expect(first.statusCode).toBe(200);
    const checkpoint = first.json();
    expect(checkpoint).toMatchObject({ seq: 1, created: true, key_id: expect.stringMatching(/^[0-9a-f]{64}$/), root: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const events = (await t.app.get(Database).one<{ n: number }>('select count(*)::int as n from eventlog.event'))!.n;
    expect(checkpoint.event_count).toBe(events);
    expect(checkpoint.stream_count).toBeGreaterThanOrEqual(2);
    const again = (await call(t, 'POST', '/api/admin/ledger/checkpoints/', adminToken)).json();
    expect(again).toMatchObject({ seq: 1, created: false, root: checkpoint.root, signature: checkpoint.signature });

    await givenStudent(t);
    const next = (await call(t, 'POST', '/api/admin/ledger/checkpoints/', adminToken)).json();
    expect(next).toMatchObject({ seq: 2, created: true });
    expect(next.event_count).toBeGreaterThan(checkpoint.event_count);
    expect(next.root).not.toBe(checkpoint.root);
  });

  it('are public, newest first, signed with a published key, and never show a stream', async () => {
    const page = await call(t, 'GET', '/api/ledger/checkpoints/?page_size=1');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ count: 2, previous: null, next: expect.stringMatching(/page=2$/) });
    const [latest] = page.json().results;
    expect(latest.seq).toBe(2);
    expect(Object.keys(latest).sort()).toEqual(
      ['body', 'event_count', 'key_id', 'log_position', 'root', 'seq', 'signature', 'stream_count', 'time', 'timestamp_time', 'timestamp_token'].sort(),
    );
    expect(JSON.stringify(page.json())).not.toMatch(/identity\.account|@\d+:/);
    const one = (await call(t, 'GET', '/api/ledger/checkpoints/1/')).json();
    expect(one.body).toBe(
      `format: lms-ledger-checkpoint/1\nseq: 1\ntime: ${one.time}\nlog-position: ${one.log_position}\nstreams: ${one.stream_count}\nevents: ${one.event_count}\nroot: ${one.root}\nkey-id: ${one.key_id}\n`,
    );
    const { keys } = (await call(t, 'GET', '/api/ledger/keys/')).json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ key_id: one.key_id, algorithm: 'Ed25519' });
    expect(verify(null, Buffer.from(one.body), createPublicKey(keys[0].public_key_pem), Buffer.from(one.signature, 'base64'))).toBe(true);
    expect(verify(null, Buffer.from(one.body.replace('seq: 1', 'seq: 3')), createPublicKey(keys[0].public_key_pem), Buffer.from(one.signature, 'base64'))).toBe(false);
  });

  it('answers a French 404 for a checkpoint that does not exist', async () => {
    const missing = await call(t, 'GET', '/api/ledger/checkpoints/99/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Le point de contrôle n° 99 n'existe pas.");
    expect((await call(t, 'GET', '/api/ledger/checkpoints/abc/')).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/ledger/checkpoints/?page=0')).statusCode).toBe(400);
  });

  it('gives the inclusion proof of a stream head that leads to the signed root', async () => {
    const db = t.app.get(Database);
    const head = (await db.one<{ stream_type: string; stream_id: string }>(`select stream_type, stream_id from eventlog.event order by position limit 1`))!;
    const proof = await t.app.get(LedgerService).inclusionProof(2, head.stream_type, head.stream_id);
    const checkpoint = (await call(t, 'GET', '/api/ledger/checkpoints/2/')).json();
    expect(proof).toMatchObject({ checkpointSeq: 2, treeSize: checkpoint.stream_count, root: checkpoint.root, matchesCheckpoint: true });
    expect(verifyInclusion(proof!, checkpoint.root)).toBe(true);
    expect(verifyInclusion({ ...proof!, leaf: proof!.leaf.replace(/:[0-9a-f]/, ':x') }, checkpoint.root)).toBe(false);
    expect(await t.app.get(LedgerService).inclusionProof(2, 'nothing', '1')).toBeNull();
  });

  it('sends each checkpoint outside: e-mailed to the centre and posted to the configured URL, each delivery recorded', async () => {
    const mails = await smtp.waitFor(2);
    expect(mails[0].to).toEqual(['contact@centre-test.fr']);
    const mail = readMail(mails[0]);
    expect(mail.subject).toBe('Registre des preuves : point de contrôle n° 1');
    const copy = JSON.parse(/-----BEGIN LMS CHECKPOINT-----\n(.*)\n-----END LMS CHECKPOINT-----/.exec(mail.text)![1]);
    const published = (await call(t, 'GET', '/api/ledger/checkpoints/1/')).json();
    expect(copy).toMatchObject({ type: 'lms-ledger-checkpoint', seq: 1, body: published.body, signature: published.signature });
    expect(receiver.bodies).toHaveLength(2);
    expect(receiver.bodies[0]).toMatchObject({ contentType: 'application/json', json: { seq: 1, root: published.root } });
    const deliveries = await t.app.get(Database).query<{ checkpoint_seq: number; channel: string; delivered: boolean }>(
      'select checkpoint_seq, channel, delivered from ledger.anchor_delivery order by id',
    );
    expect(deliveries.filter((d) => d.delivered)).toHaveLength(4);
  });

  it('records a failed delivery and sends only what is missing on the next try (the daily sweep)', async () => {
    receiver.state.status = 503;
    await givenStudent(t);
    const third = (await call(t, 'POST', '/api/admin/ledger/checkpoints/', adminToken)).json();
    expect(third.seq).toBe(3);
    const db = t.app.get(Database);
    const tries = () => db.query<{ channel: string; delivered: boolean; error: string | null }>('select channel, delivered, error from ledger.anchor_delivery where checkpoint_seq = 3 order by id');
    await smtp.waitFor(3);
    expect(await tries()).toEqual([
      { channel: 'email', delivered: true, error: null },
      { channel: 'url', delivered: false, error: 'réponse HTTP 503' },
    ]);
    receiver.state.status = 200;
    // The daily job's sweep sends again what a checkpoint still lacks, and only that.
    // The daily job's own new checkpoint is left to its anchor job: not sent twice.
    expect(await t.app.get(LedgerService).resendPending(3)).toEqual([]);
    expect(await t.app.get(LedgerService).resendPending()).toEqual([3]);
    expect(await t.app.get(LedgerService).resendPending()).toEqual([]);
    expect((await tries()).map((d) => d.delivered)).toEqual([true, false, true]);
    expect(smtp.mails).toHaveLength(3);
    expect(receiver.bodies).toHaveLength(3);
  });

  it('does not copy out a checkpoint written for a dossier (the next daily one does), and its sweep leaves it alone', async () => {
    await givenStudent(t);
    const mailsBefore = smtp.mails.length;
    const postsBefore = receiver.bodies.length;
    const tree = await t.app.get(LedgerService).treeForDossier();
    const db = t.app.get(Database);
    expect(await db.one('select copies from ledger.checkpoint where seq = $1', [tree.checkpoint.seq])).toEqual({ copies: false });
    expect(await t.app.get(LedgerService).resendPending()).not.toContain(tree.checkpoint.seq);
    await t.app.get(LedgerService).anchor(tree.checkpoint.seq);
    expect(await db.query('select 1 from ledger.anchor_delivery where checkpoint_seq = $1', [tree.checkpoint.seq])).toEqual([]);
    expect([smtp.mails.length, receiver.bodies.length]).toEqual([mailsBefore, postsBefore]);
    // Public like any other.
    expect((await call(t, 'GET', `/api/ledger/checkpoints/${tree.checkpoint.seq}/`)).statusCode).toBe(200);
  });

  it('keeps publishing the old public key after a rotation, and each checkpoint verifies with its own key', async () => {
    const db = t.app.get(Database);
    const fresh = generateKeyPairSync('ed25519');
    const rotated = { keyId: keyIdOf(fresh.privateKey), privateKey: fresh.privateKey, publicKeyPem: fresh.publicKey.export({ format: 'pem', type: 'spki' }).toString() };
    await givenStudent(t);
    // Written by the store directly (not the service, which settles first): tried until the new event is past the cut.
    await eventually(async () => expect((await db.transaction((tx) => writeCheckpoint(tx as SqlExecutor, rotated, new Date()))).created).toBe(true), 30_000);
    const { keys } = (await call(t, 'GET', '/api/ledger/keys/')).json();
    expect(keys.map((k: { key_id: string }) => k.key_id)).toEqual(expect.arrayContaining([rotated.keyId]));
    expect(keys).toHaveLength(2);
    const pem = new Map<string, string>(keys.map((k: { key_id: string; public_key_pem: string }) => [k.key_id, k.public_key_pem]));
    const { results } = (await call(t, 'GET', '/api/ledger/checkpoints/?page_size=50')).json();
    expect(results[0].key_id).toBe(rotated.keyId);
    expect(results[results.length - 1].key_id).not.toBe(rotated.keyId);
    for (const c of results) expect(verify(null, Buffer.from(c.body), createPublicKey(pem.get(c.key_id)!), Buffer.from(c.signature, 'base64'))).toBe(true);
  });
});
