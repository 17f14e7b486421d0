import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CheckpointTree } from './checkpoint-proofs.js';
import type { StoredCheckpoint } from './ledger.store.js';
import { headLine, inclusionProof, merkleRoot, verifyInclusion, type StreamHead } from './merkle.js';

const heads = (n: number): StreamHead[] =>
  Array.from({ length: n }, (_, i) => ({ streamType: 'test.course', streamId: String(i).padStart(3, '0'), version: i + 1, hash: createHash('sha256').update(String(i)).digest('hex') }));

const checkpointOf = (all: StreamHead[]) => ({ seq: 1, root: merkleRoot(all.map(headLine)).toString('hex') }) as StoredCheckpoint;

/** The vectors the browser's verifier is tested against (frontend/src/features/verification/merkle-vectors.json). */
const VECTORS = fileURLToPath(new URL('../../../../frontend/src/features/verification/merkle-vectors.json', import.meta.url));

const NOTE = 'Produits par backend/src/platform/ledger/merkle.ts (RFC 9162) ; checkpoint-proofs.spec.ts vérifie qu’ils n’ont pas changé. Régénérer : UPDATE_MERKLE_VECTORS=1 npm run test:unit --workspace backend -- src/platform/ledger/checkpoint-proofs.spec.ts';

function vectors() {
  return [1, 2, 3, 5, 8, 11, 17].map((n) => {
    const all = heads(n).map(headLine);
    return { leaves: all, root: merkleRoot(all).toString('hex'), proofs: all.map((_, i) => ({ index: i, path: inclusionProof(all, i).path })) };
  });
}

describe('CheckpointTree: the proofs of a dossier from one tree', () => {
  it('gives, for every head of trees of 1 to 40 leaves, the audit path of RFC 9162 (the same as merkle.ts) leading to the signed root', () => {
    for (let n = 1; n <= 40; n++) {
      const all = heads(n);
      const tree = new CheckpointTree(checkpointOf(all), all);
      expect(tree.matchesCheckpoint).toBe(true);
      for (const [i, h] of all.entries()) {
        const proof = tree.prove(h.streamType, h.streamId)!;
        const expected = inclusionProof(all.map(headLine), i);
        expect(proof).toEqual({ head: h, leaf: expected.leaf, index: i, treeSize: n, path: expected.path });
        expect(verifyInclusion(proof, tree.checkpoint.root)).toBe(true);
      }
    }
  });

  it('answers null for a stream the checkpoint does not cover, and says when the stored heads no longer lead to the signed root', () => {
    const all = heads(5);
    const tree = new CheckpointTree(checkpointOf(all), all);
    expect(tree.prove('test.course', 'absent')).toBeNull();
    expect(tree.headOf('test.course', '002')).toEqual(all[2]);
    const altered = all.map((h, i) => (i === 3 ? { ...h, hash: '0'.repeat(64) } : h));
    expect(new CheckpointTree(checkpointOf(all), altered).matchesCheckpoint).toBe(false);
  });

  it('keeps the browser verifier’s vectors equal to what merkle.ts computes', () => {
    if (process.env.UPDATE_MERKLE_VECTORS === '1') writeFileSync(VECTORS, `${JSON.stringify({ note: NOTE, trees: vectors() }, null, 2)}\n`);
    expect(JSON.parse(readFileSync(VECTORS, 'utf8'))).toEqual({ note: NOTE, trees: vectors() });
  });
});
