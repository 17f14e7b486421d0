import { createHash } from 'node:crypto';
import { inclusionProof, leafHash, merkleRoot, nodeHash, verifyInclusion } from './merkle.js';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `test.course/${i}@${i + 1}:${createHash('sha256').update(String(i)).digest('hex')}`);

describe('Merkle tree (RFC 9162)', () => {
  it('hashes leaves and nodes with their domain prefixes, and an empty tree as SHA-256 of nothing', () => {
    expect(merkleRoot([]).toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(merkleRoot(['a'])).toEqual(createHash('sha256').update(Buffer.from([0])).update('a').digest());
    const [a, b, c] = ['a', 'b', 'c'].map(leafHash);
    expect(merkleRoot(['a', 'b', 'c'])).toEqual(nodeHash(nodeHash(a, b), c));
  });

  it('gives for every leaf of trees of 1 to 17 leaves a path that leads to the root', () => {
    for (let n = 1; n <= 17; n++) {
      const all = lines(n);
      const root = merkleRoot(all).toString('hex');
      for (let i = 0; i < n; i++) {
        const proof = inclusionProof(all, i);
        expect(proof.root).toBe(root);
        expect(verifyInclusion(proof, root)).toBe(true);
      }
    }
  });

  it('refuses a changed head, a changed sibling, a wrong index or another root', () => {
    const all = lines(11);
    const proof = inclusionProof(all, 6);
    expect(verifyInclusion(proof, proof.root)).toBe(true);
    expect(verifyInclusion({ ...proof, leaf: proof.leaf.replace('@7:', '@8:') }, proof.root)).toBe(false);
    const sibling = [...proof.path];
    sibling[1] = sibling[1].replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(verifyInclusion({ ...proof, path: sibling }, proof.root)).toBe(false);
    expect(verifyInclusion({ ...proof, index: 5 }, proof.root)).toBe(false);
    expect(verifyInclusion({ ...proof, path: proof.path.slice(1) }, proof.root)).toBe(false);
    expect(verifyInclusion(proof, merkleRoot(lines(12)).toString('hex'))).toBe(false);
  });
});
