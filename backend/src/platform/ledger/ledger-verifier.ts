import type { SqlExecutor } from '../event-log/sql-executor.js';
import type { Certificate } from 'pkijs';
import { createPublicKey } from 'node:crypto';
import { keyIdOf, parseCheckpointBody, signedText, verifyBody } from './checkpoint-format.js';
import { readCheckpoints, recomputeAt, signedHeads, type StoredCheckpoint } from './ledger.store.js';
import { headLine, merkleRoot, type StreamHead } from './merkle.js';
import { headLines } from './stream-heads.js';
import { verifyTimestamp } from './timestamp.js';

/** A checkpoint as kept outside the server (the e-mailed or posted JSON, or a page of GET /api/ledger/checkpoints/). */
export interface ExternalCheckpoint {
  seq: number;
  body: string;
  signature: string;
  key_id: string;
  root: string;
  timestamp_token?: string | null;
}

export interface CheckpointProblem {
  seq: number;
  problem: 'format' | 'key' | 'signature' | 'timestamp' | 'heads' | 'root' | 'external';
  message: string;
  /** The streams whose signed head the chain no longer has: what a rewrite touched. */
  streams?: { stream: string; signed: string; now: string | null; eventId: string | null; position: number | null }[];
}

export interface LedgerReport {
  checkpoints: number;
  external: number;
  problems: CheckpointProblem[];
  /** Timestamp tokens whose signature holds but whose authority was not chained to a trusted CA (no LEDGER_TSA_CA_FILE). */
  unanchoredTimestamps: number;
}

/** Reads the copies kept outside: JSON (one checkpoint, a list, or a page with `results`), or text with « -----BEGIN LMS CHECKPOINT----- » blocks (the e-mail). */
export function parseExternalCheckpoints(text: string): ExternalCheckpoint[] | string {
  const blocks = [...text.matchAll(/-----BEGIN LMS CHECKPOINT-----\s*([\s\S]*?)\s*-----END LMS CHECKPOINT-----/g)].map((m) => m[1]);
  let items: unknown[];
  try {
    if (blocks.length > 0) items = blocks.map((b) => JSON.parse(b));
    else {
      const parsed = JSON.parse(text) as unknown;
      items = Array.isArray(parsed) ? parsed : parsed && typeof parsed === 'object' && Array.isArray((parsed as { results?: unknown }).results) ? (parsed as { results: unknown[] }).results : [parsed];
    }
  } catch {
    return 'le fichier n’est ni du JSON ni un e-mail contenant « -----BEGIN LMS CHECKPOINT----- ».';
  }
  const valid = (c: unknown): c is ExternalCheckpoint => {
    const o = c as Record<string, unknown>;
    return !!o && Number.isInteger(o.seq) && typeof o.body === 'string' && typeof o.signature === 'string' && typeof o.key_id === 'string' && typeof o.root === 'string';
  };
  if (items.length === 0 || !items.every(valid)) return 'chaque point de contrôle doit porter seq, body, signature, key_id et root.';
  return items;
}

/**
 * The published keys by id, each bound to its id: a key whose id is not the SHA-256 of its own
 * SubjectPublicKeyInfo (a PEM swapped under an existing id) is not a key of that id, and is left out,
 * so what it signed reads « clé non publiée ».
 */
async function publicKeys(sql: SqlExecutor): Promise<Map<string, string>> {
  const rows = await sql.query<{ key_id: string; public_key_pem: string }>('select key_id, public_key_pem from ledger.signing_key');
  const keys = new Map<string, string>();
  for (const row of rows) {
    try {
      if (keyIdOf(createPublicKey(row.public_key_pem)) === row.key_id) keys.set(row.key_id, row.public_key_pem);
    } catch {
      // An unreadable PEM publishes nothing.
    }
  }
  return keys;
}

/** The streams whose signed head differs from the chain's head at the same log position, with the chain's event at the signed version. */
async function touchedStreams(sql: SqlExecutor, signed: StreamHead[], now: StreamHead[]): Promise<NonNullable<CheckpointProblem['streams']>> {
  const current = new Map(now.map((h) => [`${h.streamType}/${h.streamId}`, h]));
  const touched: NonNullable<CheckpointProblem['streams']> = [];
  const seen = new Set<string>();
  for (const head of signed) {
    const stream = `${head.streamType}/${head.streamId}`;
    seen.add(stream);
    const today = current.get(stream);
    if (today && headLine(today) === headLine(head)) continue;
    const [event] = await sql.query<{ event_id: string; position: string }>(
      'select event_id::text, position from eventlog.event where stream_type = $1 and stream_id = $2 and stream_version = $3',
      [head.streamType, head.streamId, head.version],
    );
    touched.push({ stream, signed: headLine(head), now: today ? headLine(today) : null, eventId: event?.event_id ?? null, position: event ? Number(event.position) : null });
  }
  for (const head of now) {
    const stream = `${head.streamType}/${head.streamId}`;
    if (!seen.has(stream)) touched.push({ stream, signed: '(absent)', now: headLine(head), eventId: null, position: null });
  }
  return touched;
}

/**
 * Checks every stored checkpoint (docs/adr/0038): its body is what its columns say, its signature
 * holds with the published key, its RFC 3161 token (if any) stamps its signed text, the heads kept beside it lead to its root, and the chain as it is
 * today has those heads at its log position (else: the streams a rewrite touched). Then each
 * external copy: signed by a published key, identical to the server's checkpoint of the same
 * number, and its root recomputed from the chain today.
 */
export async function verifyCheckpoints(sql: SqlExecutor, external: ExternalCheckpoint[] = [], options: { trusted?: Certificate[] } = {}): Promise<LedgerReport> {
  const [{ ready }] = await sql.query<{ ready: boolean }>(`select to_regclass('ledger.checkpoint_head') is not null as ready`);
  const report: LedgerReport = { checkpoints: 0, external: external.length, problems: [], unanchoredTimestamps: 0 };
  if (!ready) return report;
  const keys = await publicKeys(sql);
  const checkpoints = await readCheckpoints(sql, { order: 'asc' });
  const bySeq = new Map<number, StoredCheckpoint>();
  for (const c of checkpoints) {
    report.checkpoints += 1;
    bySeq.set(c.seq, c);
    const problem = (kind: CheckpointProblem['problem'], message: string, streams?: CheckpointProblem['streams']) => report.problems.push({ seq: c.seq, problem: kind, message, streams });
    const fields = parseCheckpointBody(c.body);
    if (
      !fields ||
      fields.seq !== c.seq || fields.time !== c.time || fields.transactionId !== c.transactionId || fields.position !== c.position ||
      fields.streams !== c.streams || fields.events !== c.events || fields.root !== c.root || fields.keyId !== c.keyId
    ) {
      problem('format', 'le texte signé ne correspond pas aux colonnes du point de contrôle');
      continue;
    }
    const pem = keys.get(c.keyId);
    if (!pem) problem('key', `la clé ${c.keyId} n'est pas publiée`);
    else if (!verifyBody(c.body, c.signature, pem)) problem('signature', 'la signature Ed25519 ne correspond pas au texte signé');
    if (c.tsaToken) {
      const stamp = await verifyTimestamp(c.tsaToken, Buffer.from(signedText(c.body, c.signature), 'utf8'), options);
      if (!stamp.ok) problem('timestamp', `jeton d'horodatage RFC 3161 : ${stamp.problem}`);
      else if (!stamp.anchored) report.unanchoredTimestamps += 1;
    }
    const signed = await signedHeads(sql, c.seq);
    const signedRoot = merkleRoot(headLines(signed)).toString('hex');
    if (signedRoot !== c.root || signed.length !== c.streams) problem('heads', `les têtes conservées donnent la racine ${signedRoot}, pas la racine signée ${c.root}`);
    const now = await recomputeAt(sql, c);
    if (now.root !== c.root || now.events !== c.events) {
      const streams = signedRoot === c.root ? await touchedStreams(sql, signed, now.heads) : undefined;
      problem(
        'root',
        `la chaîne d'aujourd'hui donne à la position ${c.transactionId}/${c.position} la racine ${now.root} (${now.events} événement(s)), pas la racine signée ${c.root} (${c.events}) : le journal a été réécrit`,
        streams,
      );
    }
  }
  for (const copy of external) {
    const problem = (message: string) => report.problems.push({ seq: copy.seq, problem: 'external', message });
    const fields = parseCheckpointBody(copy.body);
    if (!fields || fields.seq !== copy.seq || fields.root !== copy.root || fields.keyId !== copy.key_id) {
      problem('copie externe : son texte signé est illisible ou ne correspond pas à ses champs');
      continue;
    }
    const pem = keys.get(fields.keyId);
    if (!pem) problem(`copie externe : la clé ${fields.keyId} qui l'a signée n'est plus publiée par le serveur`);
    else if (!verifyBody(copy.body, copy.signature, pem)) problem('copie externe : sa signature ne correspond pas à la clé publiée');
    if (copy.timestamp_token) {
      const stamp = await verifyTimestamp(Buffer.from(copy.timestamp_token, 'base64'), Buffer.from(signedText(copy.body, copy.signature), 'utf8'), options);
      if (!stamp.ok) problem(`copie externe : jeton d'horodatage RFC 3161 : ${stamp.problem}`);
      else if (!stamp.anchored) report.unanchoredTimestamps += 1;
    }
    const server = bySeq.get(copy.seq);
    if (!server) problem(`copie externe : le serveur n'a plus de point de contrôle n° ${copy.seq}`);
    else if (server.body !== copy.body || server.signature !== copy.signature) {
      problem(`copie externe : le point n° ${copy.seq} du serveur n'est plus celui qui a été envoyé (racine ${server.root} au lieu de ${copy.root}, clé ${server.keyId}) : il a été réécrit et signé de nouveau`);
    }
    const now = await recomputeAt(sql, fields);
    if (now.root !== fields.root) {
      problem(`copie externe : la chaîne d'aujourd'hui donne à la position ${fields.transactionId}/${fields.position} la racine ${now.root}, pas ${fields.root} : le journal a été réécrit depuis`);
    }
  }
  return report;
}
