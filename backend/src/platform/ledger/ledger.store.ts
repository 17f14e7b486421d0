import type { SqlExecutor } from '../event-log/sql-executor.js';
import { checkpointBody, signBody, type CheckpointFields } from './checkpoint-format.js';
import { headLine, inclusionProof, merkleRoot, type InclusionProof, type StreamHead } from './merkle.js';
import type { SigningKey } from './signing-key.js';
import { currentCut, headLines, sortHeads, streamHeadsAt, type LogCut } from './stream-heads.js';

/** A stored checkpoint: its signed fields, body and signature, and its RFC 3161 token once stamped. */
export interface StoredCheckpoint extends CheckpointFields {
  body: string;
  signature: string;
  tsaToken: Buffer | null;
  tsaTime: Date | null;
}

interface CheckpointRow {
  seq: number;
  created_at: Date;
  transaction_id: string;
  position: string;
  stream_count: number;
  event_count: string;
  root: string;
  key_id: string;
  body: string;
  signature: string;
  tsa_token: Buffer | null;
  tsa_time: Date | null;
}

export const CHECKPOINT_COLUMNS =
  'seq, created_at, transaction_id::text, position, stream_count, event_count, root, key_id, body, signature, tsa_token, tsa_time';

export function toStoredCheckpoint(row: CheckpointRow): StoredCheckpoint {
  return {
    seq: row.seq,
    time: new Date(row.created_at).toISOString(),
    transactionId: row.transaction_id,
    position: Number(row.position),
    streams: row.stream_count,
    events: Number(row.event_count),
    root: row.root,
    keyId: row.key_id,
    body: row.body,
    signature: row.signature,
    tsaToken: row.tsa_token,
    tsaTime: row.tsa_time ? new Date(row.tsa_time) : null,
  };
}

export async function readCheckpoint(sql: SqlExecutor, seq: number): Promise<StoredCheckpoint | null> {
  const [row] = await sql.query<CheckpointRow>(`select ${CHECKPOINT_COLUMNS} from ledger.checkpoint where seq = $1`, [seq]);
  return row ? toStoredCheckpoint(row) : null;
}

export async function readCheckpoints(sql: SqlExecutor, options: { limit?: number; offset?: number; order?: 'asc' | 'desc' } = {}): Promise<StoredCheckpoint[]> {
  const rows = await sql.query<CheckpointRow>(
    `select ${CHECKPOINT_COLUMNS} from ledger.checkpoint order by seq ${options.order === 'asc' ? 'asc' : 'desc'} limit $1 offset $2`,
    [options.limit ?? null, options.offset ?? 0],
  );
  return rows.map(toStoredCheckpoint);
}

/**
 * Writes a checkpoint of the log as it stands (docs/adr/0038), run in a transaction of `sql`: one
 * writer at a time across nodes (an advisory lock), and nothing new since the last checkpoint
 * gives back the last one instead of an empty duplicate.
 */
export async function writeCheckpoint(sql: SqlExecutor, key: SigningKey, now: Date, options: { copies?: boolean } = {}): Promise<{ checkpoint: StoredCheckpoint; created: boolean }> {
  await sql.query(`select pg_advisory_xact_lock(hashtext('ledger.checkpoint'))`);
  const cut = await currentCut(sql);
  const [last] = await readCheckpoints(sql, { limit: 1 });
  if (last && last.transactionId === cut.transactionId && last.position === cut.position) return { checkpoint: last, created: false };
  const { heads, events } = await streamHeadsAt(sql, cut);
  await sql.query(
    `insert into ledger.signing_key (key_id, algorithm, public_key_pem, first_used_at) values ($1, 'Ed25519', $2, $3) on conflict (key_id) do nothing`,
    [key.keyId, key.publicKeyPem, now.toISOString()],
  );
  // Never before the last checkpoint's time, whatever the clock did: the sequence reads in time order.
  const time = last && new Date(last.time) > now ? new Date(last.time) : now;
  const fields: CheckpointFields = {
    seq: (last?.seq ?? 0) + 1,
    time: time.toISOString(),
    transactionId: cut.transactionId,
    position: cut.position,
    streams: heads.length,
    events,
    root: merkleRoot(headLines(heads)).toString('hex'),
    keyId: key.keyId,
  };
  const body = checkpointBody(fields);
  const signature = signBody(body, key.privateKey);
  await sql.query(
    `insert into ledger.checkpoint (seq, created_at, transaction_id, position, stream_count, event_count, root, key_id, body, signature, copies)
     values ($1, $2, $3::xid8, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [fields.seq, fields.time, fields.transactionId, fields.position, fields.streams, fields.events, fields.root, fields.keyId, body, signature, options.copies ?? true],
  );
  // The heads that changed since the last checkpoint, kept privately beside it (migration 071).
  const before = last ? new Map((await signedHeads(sql, last.seq)).map((h) => [`${h.streamType}/${h.streamId}`, headLine(h)])) : new Map<string, string>();
  const changed = heads.filter((h) => before.get(`${h.streamType}/${h.streamId}`) !== headLine(h));
  if (changed.length > 0) {
    await sql.query(
      `insert into ledger.checkpoint_head (seq, stream_type, stream_id, stream_version, hash)
       select $1, * from unnest($2::text[], $3::text[], $4::int[], $5::text[])`,
      [fields.seq, changed.map((h) => h.streamType), changed.map((h) => h.streamId), changed.map((h) => h.version), changed.map((h) => h.hash)],
    );
  }
  return { checkpoint: { ...fields, body, signature, tsaToken: null, tsaTime: null }, created: true };
}

/** The heads checkpoint `seq` signed, as stored beside it, in leaf order. */
export async function signedHeads(sql: SqlExecutor, seq: number): Promise<StreamHead[]> {
  const rows = await sql.query<{ stream_type: string; stream_id: string; stream_version: number; hash: string }>(
    `select distinct on (stream_type, stream_id) stream_type, stream_id, stream_version, hash
       from ledger.checkpoint_head where seq <= $1
      order by stream_type, stream_id, seq desc`,
    [seq],
  );
  return sortHeads(rows.map((r) => ({ streamType: r.stream_type, streamId: r.stream_id, version: r.stream_version, hash: r.hash })));
}

/** The proof a dossier's manifest carries for one stream head: its leaf, audit path and the checkpoint it leads to. */
export interface CheckpointInclusion extends InclusionProof {
  checkpointSeq: number;
  /** Whether the stored heads lead to the checkpoint's signed root (false: they were altered; `eventlog:verify` says more). */
  matchesCheckpoint: boolean;
}

/**
 * The inclusion proof of a stream's head in checkpoint `seq` (public API of the ledger, for the
 * dossier manifest, docs/adr/0038), from the heads the checkpoint signed: null when the checkpoint
 * does not exist or the stream had no event by its log position. The leaf names the head's
 * version and hash: the manifest checks that event in the chain.
 */
export async function inclusionProofFor(sql: SqlExecutor, seq: number, streamType: string, streamId: string): Promise<CheckpointInclusion | null> {
  const checkpoint = await readCheckpoint(sql, seq);
  if (!checkpoint) return null;
  const heads = await signedHeads(sql, seq);
  const index = heads.findIndex((h) => h.streamType === streamType && h.streamId === streamId);
  if (index < 0) return null;
  const proof = inclusionProof(headLines(heads), index);
  return { checkpointSeq: seq, ...proof, matchesCheckpoint: proof.root === checkpoint.root };
}

/** The heads and root of the chain, recomputed now at a checkpoint's log position. */
export async function recomputeAt(sql: SqlExecutor, cut: LogCut) {
  const { heads, events } = await streamHeadsAt(sql, cut);
  return { heads, events, root: merkleRoot(headLines(heads)).toString('hex') };
}
