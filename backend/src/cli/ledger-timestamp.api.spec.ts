import { generateKeyPairSync } from 'node:crypto';
import pg from 'pg';
import { Database } from '../platform/database/database.js';
import { checkpointBody, keyIdOf, parseCheckpointBody, signBody } from '../platform/ledger/checkpoint-format.js';
import { LedgerService } from '../platform/ledger/ledger.service.js';
import { startOpensslTsa } from '../platform/testing/openssl-tsa.js';
import { call, givenAdmin, givenStudent } from '../testing/fixtures.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { verifyCommand } from './eventlog-verify.js';
import { output } from './testing/event-log-workload.js';

let t: TestApp;
let tsa: Awaited<ReturnType<typeof startOpensslTsa>>;
let adminToken: string;
let env: NodeJS.ProcessEnv;

const run = async (...argv: string[]) => {
  const { lines, out } = output();
  const code = await verifyCommand(argv, env, out);
  return { code, log: lines.log.join('\n'), error: lines.error.join('\n') };
};
const write = async () => (await call(t, 'POST', '/api/admin/ledger/checkpoints/', adminToken)).json();

beforeAll(async () => {
  tsa = await startOpensslTsa();
  t = await startTestApp({ LEDGER_TSA_URL: tsa.url, LEDGER_TSA_CA_FILE: tsa.caFile });
  adminToken = (await givenAdmin(t)).token;
  env = { DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir, LEDGER_TSA_CA_FILE: tsa.caFile };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await tsa?.stop();
});

describe('checkpoints timestamped by a real RFC 3161 authority', () => {
  it('stamps each checkpoint, publishes its token, and eventlog:verify checks it against the authority', async () => {
    const first = await write();
    expect(first.seq).toBe(1);
    const published = (await call(t, 'GET', '/api/ledger/checkpoints/1/')).json();
    expect(published.timestamp_token).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(new Date(published.timestamp_time).getTime()).toBeGreaterThan(0);
    const ok = await run();
    expect(ok.error).toBe('');
    expect(ok.code).toBe(0);
  });

  it('keeps a checkpoint when the authority is down, and stamps it on the next try', async () => {
    await givenStudent(t);
    tsa.state.down = true;
    const second = await write();
    tsa.state.down = false;
    expect(second).toMatchObject({ seq: 2, created: true, timestamp_token: null });
    const db = t.app.get(Database);
    expect(await db.one('select tsa_error, tsa_attempts from ledger.checkpoint where seq = 2')).toEqual({
      tsa_error: "autorité d'horodatage : réponse HTTP 503",
      tsa_attempts: 1,
    });
    await t.app.get(LedgerService).anchor(2);
    expect((await call(t, 'GET', '/api/ledger/checkpoints/2/')).json().timestamp_token).not.toBeNull();
    expect(await db.one('select tsa_error, tsa_attempts from ledger.checkpoint where seq = 2')).toEqual({ tsa_error: null, tsa_attempts: 2 });
    expect((await run()).code).toBe(0);
  });

  it('catches a checkpoint re-signed with a new key by its timestamp, whose imprint no longer matches', async () => {
    const superuser = new pg.Client({ connectionString: t.databaseUrl });
    await superuser.connect();
    try {
      await superuser.query('set session_replication_role = replica');
      const [row] = (await superuser.query('select body from ledger.checkpoint where seq = 1')).rows;
      const key = generateKeyPairSync('ed25519');
      const body = checkpointBody({ ...parseCheckpointBody(row.body)!, keyId: keyIdOf(key.privateKey) });
      await superuser.query(`insert into ledger.signing_key values ($1, 'Ed25519', $2, now())`, [keyIdOf(key.privateKey), key.publicKey.export({ format: 'pem', type: 'spki' })]);
      await superuser.query('update ledger.checkpoint set key_id = $1, body = $2, signature = $3 where seq = 1', [keyIdOf(key.privateKey), body, signBody(body, key.privateKey)]);
      const caught = await run();
      expect(caught.code).toBe(1);
      expect(caught.error).toContain("POINT DE CONTRÔLE n° 1 FAUX : jeton d'horodatage RFC 3161 : l’empreinte horodatée n’est pas celle du point de contrôle signé.");
    } finally {
      await superuser.end();
    }
  });
});
