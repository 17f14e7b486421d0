import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/config.js';
import { loadSigningKey, signingKeyFile } from './signing-key.js';

describe('the ledger signing key', () => {
  it('is generated on the first start in DATA_DIR (0600) and the same at the next', () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'lms-ledger-key-')) });
    const first = loadSigningKey(config);
    expect(first.keyId).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(signingKeyFile(config.dataDir)).mode & 0o777).toBe(0o600);
    const again = loadSigningKey(config);
    expect(again.keyId).toBe(first.keyId);
    const signature = sign(null, Buffer.from('x'), first.privateKey);
    expect(verify(null, Buffer.from('x'), again.publicKeyPem, signature)).toBe(true);
  });

  it('is the configured one when LEDGER_SIGNING_KEY is set, whatever DATA_DIR holds', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lms-ledger-key-'));
    const generated = loadSigningKey(loadConfig({ DATA_DIR: dataDir }));
    const { privateKey } = generateKeyPairSync('ed25519');
    const given = loadSigningKey(loadConfig({ DATA_DIR: dataDir, LEDGER_SIGNING_KEY: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64') }));
    expect(given.keyId).not.toBe(generated.keyId);
    expect(verify(null, Buffer.from('y'), given.publicKeyPem, sign(null, Buffer.from('y'), privateKey))).toBe(true);
  });
});
