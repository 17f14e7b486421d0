import { headLine, leafHash, merkleRootOfLeafHashes, nodeHash, type StreamHead } from './merkle.js';
import { readCheckpoint, signedHeads, type StoredCheckpoint } from './ledger.store.js';
import type { SqlExecutor } from '../event-log/sql-executor.js';

/** One stream head's proof in a checkpoint (RFC 9162 audit path), as a dossier's manifest carries it. */
export interface HeadProof {
  head: StreamHead;
  /** The leaf `type/id@version:hash`, its index among the checkpoint's leaves, and the sibling hashes (hex) up to the root. */
  leaf: string;
  index: number;
  treeSize: number;
  path: string[];
}

/**
 * The Merkle tree of one checkpoint, built once from the heads it signed (docs/adr/0038), then asked
 * for as many proofs as needed: a batch of dossiers reads the heads and hashes the tree once, not
 * once per learner or stream. The levels are kept bottom-up (an odd last node goes up alone), which
 * is the tree of RFC 9162 § 2.1; a proof is the sibling at each level where there is one.
 */
export class CheckpointTree {
  private readonly levels: Buffer[][];
  private readonly indexOf = new Map<string, number>();
  readonly root: string;

  constructor(
    readonly checkpoint: StoredCheckpoint,
    private readonly heads: readonly StreamHead[],
  ) {
    heads.forEach((h, i) => this.indexOf.set(`${h.streamType}/${h.streamId}`, i));
    let level = heads.map((h) => leafHash(headLine(h)));
    this.levels = [level];
    while (level.length > 1) {
      const next: Buffer[] = [];
      for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? nodeHash(level[i], level[i + 1]) : level[i]);
      this.levels.push(next);
      level = next;
    }
    this.root = (level.length > 0 ? level[0] : merkleRootOfLeafHashes([])).toString('hex');
  }

  /** Whether the stored heads lead to the signed root (false: `ledger.checkpoint_head` was altered; `eventlog:verify` says more). */
  get matchesCheckpoint(): boolean {
    return this.root === this.checkpoint.root;
  }

  /** The head of a stream at this checkpoint, or null when the stream had no event by its log position. */
  headOf(streamType: string, streamId: string): StreamHead | null {
    const index = this.indexOf.get(`${streamType}/${streamId}`);
    return index === undefined ? null : this.heads[index];
  }

  /** The proof of a stream's head, or null when the checkpoint does not cover the stream. */
  prove(streamType: string, streamId: string): HeadProof | null {
    const index = this.indexOf.get(`${streamType}/${streamId}`);
    if (index === undefined) return null;
    const path: string[] = [];
    let i = index;
    for (const level of this.levels.slice(0, -1)) {
      const sibling = i % 2 === 1 ? i - 1 : i + 1;
      if (sibling < level.length) path.push(level[sibling].toString('hex'));
      i = Math.floor(i / 2);
    }
    const head = this.heads[index];
    return { head, leaf: headLine(head), index, treeSize: this.heads.length, path };
  }
}

/** The tree of checkpoint `seq` (null when there is no such checkpoint): its stored heads read once. */
export async function checkpointTree(sql: SqlExecutor, seq: number): Promise<CheckpointTree | null> {
  const checkpoint = await readCheckpoint(sql, seq);
  if (!checkpoint) return null;
  return new CheckpointTree(checkpoint, await signedHeads(sql, seq));
}
