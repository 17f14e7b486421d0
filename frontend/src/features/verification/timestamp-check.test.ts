import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTimestampToken } from './timestamp-check';

/*
 * A real RFC 3161 token, made at test time by Debian's `openssl ts` (an authority with its CA and a
 * certificate reserved to time-stamping, as backend/src/platform/testing/openssl-tsa.ts makes it):
 * nothing binary is committed.
 */
const BODY = `format: lms-ledger-checkpoint/1\nseq: 4\ntime: 2026-11-27T02:15:00.000Z\nlog-position: 812/3\nstreams: 11\nevents: 40\nroot: ${'b'.repeat(64)}\nkey-id: ${'a'.repeat(64)}\n`;
const SIGNED = `${BODY}signature: c2lnbmF0dXJl\n`;

let dir: string;
let token: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lms-tsa-page-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  writeFileSync(join(dir, 'serial'), '01\n');
  writeFileSync(
    join(dir, 'tsa.cnf'),
    `[ tsa_config ]
dir = ${dir}
serial = $dir/serial
crypto_device = builtin
signer_cert = $dir/tsa.pem
certs = $dir/tsa.pem
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256
accuracy = secs:1
ordering = no
tsa_name = no
ess_cert_id_chain = no
ess_cert_id_alg = sha256
[ tsa_ext ]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, timeStamping
`,
  );
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Autorite de test', '-addext', 'basicConstraints=critical,CA:true', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'tsa.key', '-out', 'tsa.csr', '-subj', '/CN=Horodatage de test');
  openssl('x509', '-req', '-in', 'tsa.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'tsa.pem', '-days', '2', '-extfile', 'tsa.cnf', '-extensions', 'tsa_ext');
  writeFileSync(join(dir, 'signed.txt'), SIGNED);
  openssl('ts', '-query', '-data', 'signed.txt', '-sha256', '-cert', '-out', 'q.tsq');
  openssl('ts', '-reply', '-config', 'tsa.cnf', '-section', 'tsa_config', '-queryfile', 'q.tsq', '-token_out', '-out', 'token.der');
  token = readFileSync(join(dir, 'token.der')).toString('base64');
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an RFC 3161 token checked in the browser', () => {
  it('holds for the signed text it stamps, with the authority’s time and name', async () => {
    const check = await checkTimestampToken(token, SIGNED);
    expect(check).toMatchObject({ ok: true, authority: 'Horodatage de test', problem: null });
    expect(Math.abs(Date.parse(check.time!) - Date.now())).toBeLessThan(3_600_000);
  });

  it('fails for another text (a checkpoint re-signed), an altered token, and what is not a token', async () => {
    const resigned = await checkTimestampToken(token, `${BODY}signature: YXV0cmU=\n`);
    expect(resigned).toMatchObject({ ok: false, authority: 'Horodatage de test', problem: 'l’empreinte horodatée n’est pas celle du point de contrôle signé (texte et signature)' });
    expect(resigned.time).not.toBeNull();

    // One byte of the authority's signature (the token's last bytes) flipped.
    const bytes = Buffer.from(token, 'base64');
    bytes[bytes.length - 5] ^= 0xff;
    const altered = await checkTimestampToken(bytes.toString('base64'), SIGNED);
    expect(altered.ok).toBe(false);
    expect(altered.problem).toMatch(/signature de l’autorité/);

    expect(await checkTimestampToken(btoa('pas un jeton'), SIGNED)).toMatchObject({ ok: false, problem: 'jeton illisible' });
  });
});
