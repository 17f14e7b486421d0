import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * A checkpoint's signed form (docs/adr/0038, « Canonical serialization »): UTF-8 text, one
 * `name: value` per line, LF line ends, in this order, ending with a line feed. The Ed25519
 * signature is over these bytes exactly (pure Ed25519, RFC 8032, no pre-hash), so that
 * `openssl pkeyutl -verify -rawin -pubin -inkey key.pem -in body.txt -sigfile sig.bin` checks it.
 */
export const CHECKPOINT_FORMAT = 'lms-ledger-checkpoint/1';

export interface CheckpointFields {
  seq: number;
  /** The server's clock when it was written, ISO 8601 UTC with milliseconds. */
  time: string;
  /** The last event covered, in commit order (transaction id, position): every event at or before it. */
  transactionId: string;
  position: number;
  streams: number;
  events: number;
  /** Merkle root (RFC 9162) of the stream heads, hex. */
  root: string;
  keyId: string;
}

export function checkpointBody(c: CheckpointFields): string {
  return [
    `format: ${CHECKPOINT_FORMAT}`,
    `seq: ${c.seq}`,
    `time: ${c.time}`,
    `log-position: ${c.transactionId}/${c.position}`,
    `streams: ${c.streams}`,
    `events: ${c.events}`,
    `root: ${c.root}`,
    `key-id: ${c.keyId}`,
    '',
  ].join('\n');
}

/** Reads a body back; null when it is not exactly what checkpointBody writes. */
export function parseCheckpointBody(body: string): CheckpointFields | null {
  const match =
    /^format: lms-ledger-checkpoint\/1\nseq: (\d+)\ntime: (\S+)\nlog-position: (\d+)\/(\d+)\nstreams: (\d+)\nevents: (\d+)\nroot: ([0-9a-f]{64})\nkey-id: ([0-9a-f]{64})\n$/.exec(
      body,
    );
  if (!match) return null;
  const fields: CheckpointFields = {
    seq: Number(match[1]),
    time: match[2],
    transactionId: match[3],
    position: Number(match[4]),
    streams: Number(match[5]),
    events: Number(match[6]),
    root: match[7],
    keyId: match[8],
  };
  return checkpointBody(fields) === body ? fields : null;
}

/** The key id: SHA-256 (hex) of the public key's DER SubjectPublicKeyInfo. */
export function keyIdOf(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256').update(publicKey.export({ format: 'der', type: 'spki' })).digest('hex');
}

export const signBody = (body: string, privateKey: KeyObject): string => sign(null, Buffer.from(body, 'utf8'), privateKey).toString('base64');

export function verifyBody(body: string, signature: string, publicKeyPem: string): boolean {
  try {
    return verify(null, Buffer.from(body, 'utf8'), createPublicKey(publicKeyPem), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * What the RFC 3161 token stamps: SHA-256 of the body followed by `signature: <base64>\n`, so
 * that re-signing a checkpoint (another key, another body) no longer matches its token.
 */
export const signedText = (body: string, signature: string): string => `${body}signature: ${signature}\n`;
export const stampImprint = (body: string, signature: string): Buffer => createHash('sha256').update(signedText(body, signature), 'utf8').digest();
