import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pkijs from 'pkijs';
import { startOpensslTsa } from '../testing/openssl-tsa.js';
import { certificatesFromPem, requestTimestamp, TimestampError, verifyTimestamp } from './timestamp.js';

let tsa: Awaited<ReturnType<typeof startOpensslTsa>>;

beforeAll(async () => {
  tsa = await startOpensslTsa();
}, 60_000);
afterAll(() => tsa?.stop());

const sha = (text: string) => Buffer.from(text, 'utf8');

describe('RFC 3161 timestamps against a real authority (openssl ts)', () => {
  it('gets a token of the imprint, checks it against the authority\'s CA, and refuses another imprint', async () => {
    const { token, time } = await requestTimestamp(tsa.url, sha('point 1'));
    expect(Math.abs(time.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    const trusted = certificatesFromPem(readFileSync(tsa.caFile, 'utf8'));
    expect(await verifyTimestamp(token, sha('point 1'), { trusted })).toMatchObject({ ok: true, anchored: true });
    // Without the authority's CA the signature holds, but nothing anchors it: said, not taken for proof.
    expect(await verifyTimestamp(token, sha('point 1'))).toMatchObject({ ok: true, anchored: false });
    expect(await verifyTimestamp(token, sha('point 2'), { trusted })).toMatchObject({ ok: false, problem: 'l’empreinte horodatée n’est pas celle du point de contrôle signé' });
  });

  it('refuses a token chained to another CA, and a token whose bytes were changed', async () => {
    const { token } = await requestTimestamp(tsa.url, sha('point 3'));
    const other = await startOpensslTsa();
    try {
      const stranger = certificatesFromPem(readFileSync(other.caFile, 'utf8'));
      expect(await verifyTimestamp(token, sha('point 3'), { trusted: stranger })).toMatchObject({ ok: false, problem: expect.stringContaining('chaîne de certificats') });
    } finally {
      await other.stop();
    }
    const altered = Buffer.from(token);
    altered[altered.length - 10] ^= 0xff;
    expect((await verifyTimestamp(altered, sha('point 3'))).ok).toBe(false);
  });

  it('finds the certificate that signed among those a token carries (a chain, the CA possibly first), and refuses a token naming another', async () => {
    const chained = await startOpensslTsa({ withChain: true });
    try {
      const trusted = certificatesFromPem(readFileSync(chained.caFile, 'utf8'));
      const { token } = await requestTimestamp(chained.url, sha('point 5'), trusted);
      const signed = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(new Uint8Array(token).buffer).content });
      expect(signed.certificates!.length).toBeGreaterThanOrEqual(2);
      expect(await verifyTimestamp(token, sha('point 5'), { trusted })).toMatchObject({ ok: true, anchored: true });
      // A request checked against another authority's CA is refused: no such token is ever stored.
      const stranger = certificatesFromPem(readFileSync(tsa.caFile, 'utf8'));
      await expect(requestTimestamp(chained.url, sha('point 6'), stranger)).rejects.toThrow(/jeton invalide \(signature ou chaîne de certificats/);
    } finally {
      await chained.stop();
    }
  });

  it('gives a standard token a third party checks with openssl alone (ADR 0038)', async () => {
    const signed = 'format: lms-ledger-checkpoint/1\nseq: 7\n';
    const { token } = await requestTimestamp(tsa.url, sha(signed));
    const dir = mkdtempSync(join(tmpdir(), 'lms-token-'));
    writeFileSync(join(dir, 'signed.txt'), signed);
    writeFileSync(join(dir, 'token.der'), token);
    const verifyWith = (data: string) =>
      execFileSync('openssl', ['ts', '-verify', '-token_in', '-in', join(dir, 'token.der'), '-data', data, '-CAfile', tsa.caFile], { encoding: 'utf8', stdio: 'pipe' });
    expect(verifyWith(join(dir, 'signed.txt'))).toContain('Verification: OK');
    writeFileSync(join(dir, 'other.txt'), signed.replace('7', '8'));
    expect(() => verifyWith(join(dir, 'other.txt'))).toThrow();
  });

  it('says in French when the authority is down', async () => {
    tsa.state.down = true;
    try {
      await expect(requestTimestamp(tsa.url, sha('point 4'))).rejects.toThrow(new TimestampError("autorité d'horodatage : réponse HTTP 503"));
    } finally {
      tsa.state.down = false;
    }
  });
});
