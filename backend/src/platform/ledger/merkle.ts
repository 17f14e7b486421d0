import { createHash } from 'node:crypto';

/**
 * A Merkle tree over the stream heads (docs/adr/0038), the one of RFC 9162 § 2.1 (Certificate
 * Transparency): leaf hash = SHA-256(0x00 ‖ leaf), node hash = SHA-256(0x01 ‖ left ‖ right), the
 * left subtree holding the largest power of two below n leaves; the root of no leaf is SHA-256("").
 * Inclusion proofs are the standard audit paths (RFC 9162 § 2.1.3), checked by § 2.1.3.2.
 */

/** One leaf: a stream head as `eventlog:verify` writes it in its digest, without the line feed. */
export interface StreamHead {
  streamType: string;
  streamId: string;
  version: number;
  hash: string;
}

export const headLine = (head: StreamHead): string => `${head.streamType}/${head.streamId}@${head.version}:${head.hash}`;

const sha256 = (...parts: Buffer[]): Buffer => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

export const leafHash = (line: string): Buffer => sha256(Buffer.from([0]), Buffer.from(line, 'utf8'));
export const nodeHash = (left: Buffer, right: Buffer): Buffer => sha256(Buffer.from([1]), left, right);

/** The largest power of two strictly below n (n ≥ 2). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH(D[n]) over leaf hashes already computed. */
export function merkleRootOfLeafHashes(leaves: readonly Buffer[]): Buffer {
  if (leaves.length === 0) return sha256();
  // Bottom-up, level by level: the same tree as the recursive definition (an odd last node goes up alone).
  let level = [...leaves];
  while (level.length > 1) {
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? nodeHash(level[i], level[i + 1]) : level[i]);
    level = next;
  }
  return level[0];
}

export const merkleRoot = (lines: readonly string[]): Buffer => merkleRootOfLeafHashes(lines.map(leafHash));

/** PATH(m, D[n]) of RFC 9162 § 2.1.3.1: the sibling hashes from the leaf up to the root. */
export function inclusionPath(index: number, leaves: readonly Buffer[]): Buffer[] {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length) throw new RangeError(`feuille ${index} hors de l'arbre de ${leaves.length} feuille(s)`);
  if (leaves.length === 1) return [];
  const k = split(leaves.length);
  return index < k
    ? [...inclusionPath(index, leaves.slice(0, k)), merkleRootOfLeafHashes(leaves.slice(k))]
    : [...inclusionPath(index - k, leaves.slice(k)), merkleRootOfLeafHashes(leaves.slice(0, k))];
}

/** What a dossier's manifest carries for one stream head: enough to check it offline against a checkpoint's root. */
export interface InclusionProof {
  /** The leaf: `type/id@version:hash`. */
  leaf: string;
  /** Its place among the checkpoint's leaves (0-based) and their count (the checkpoint's stream count). */
  index: number;
  treeSize: number;
  /** Sibling hashes, hex, from the leaf up (RFC 9162 audit path). */
  path: string[];
  /** The root they lead to, hex. */
  root: string;
}

/** The proof that `lines[index]` is in the tree of `lines`. */
export function inclusionProof(lines: readonly string[], index: number): InclusionProof {
  const leaves = lines.map(leafHash);
  return {
    leaf: lines[index],
    index,
    treeSize: lines.length,
    path: inclusionPath(index, leaves).map((h) => h.toString('hex')),
    root: merkleRootOfLeafHashes(leaves).toString('hex'),
  };
}

/** RFC 9162 § 2.1.3.2: whether the leaf, its index and the path lead to `root` (hex). */
export function verifyInclusion(proof: Pick<InclusionProof, 'leaf' | 'index' | 'treeSize' | 'path'>, root: string): boolean {
  const { index, treeSize } = proof;
  if (!Number.isInteger(index) || !Number.isInteger(treeSize) || index < 0 || index >= treeSize) return false;
  if (!proof.path.every((h) => /^[0-9a-f]{64}$/.test(h))) return false;
  let fn = index;
  let sn = treeSize - 1;
  let r = leafHash(proof.leaf);
  for (const hex of proof.path) {
    const p = Buffer.from(hex, 'hex');
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.toString('hex') === root;
}
