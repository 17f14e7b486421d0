import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/config.js';
import { keyIdOf } from './checkpoint-format.js';

export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
  publicKeyPem: string;
}

export const signingKeyFile = (dataDir: string) => join(dataDir, 'ledger-signing-key.pem');

/**
 * The centre's Ed25519 key (docs/adr/0038): LEDGER_SIGNING_KEY when several nodes share it, or
 * the one in DATA_DIR/ledger-signing-key.pem, generated on the first start (mode 0600, like
 * secrets.json). The private key never goes into the database.
 */
export function loadSigningKey(config: AppConfig): SigningKey {
  let pem = config.ledger.signingKeyPem;
  if (!pem) {
    const file = signingKeyFile(config.dataDir);
    if (existsSync(file)) pem = readFileSync(file, 'utf8');
    else {
      pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
      mkdirSync(config.dataDir, { recursive: true });
      try {
        writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
      } catch (error) {
        // Another process of this node wrote it first: its key is the one.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        pem = readFileSync(file, 'utf8');
      }
    }
  }
  const privateKey = createPrivateKey(pem);
  return { keyId: keyIdOf(privateKey), privateKey, publicKeyPem: createPublicKey(privateKey).export({ format: 'pem', type: 'spki' }).toString() };
}
