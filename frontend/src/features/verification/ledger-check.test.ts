import { describe, expect, it } from 'vitest';
import { checkLedger, leafHash, ledgersToCheck, parseBody, rootFromPath, verifyEd25519, type LedgerSlot, type LedgerSource, type PublishedCheckpoint } from './ledger-check';
import vectors from './merkle-vectors.json';
import { bytesToHex } from '@noble/hashes/utils';

/** Trees and audit paths computed by the server's merkle.ts (backend checkpoint-proofs.spec.ts keeps them equal). */
const trees = vectors.trees;

const pemOf = (der: ArrayBuffer) => `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...new Uint8Array(der)))}\n-----END PUBLIC KEY-----\n`;

async function signer() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const pem = pemOf(await crypto.subtle.exportKey('spki', pair.publicKey));
  const sign = async (text: string) => btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, new TextEncoder().encode(text)))));
  return { pem, sign };
}

const KEY_ID = 'a'.repeat(64);
const bodyOf = (seq: number, root: string, streams: number) =>
  `format: lms-ledger-checkpoint/1\nseq: ${seq}\ntime: 2026-11-27T02:15:00.000Z\nlog-position: 812/3\nstreams: ${streams}\nevents: 40\nroot: ${root}\nkey-id: ${KEY_ID}\n`;

/** A dossier's slot over the 11-leaf tree of the vectors, with the checkpoint published as signed. */
async function world() {
  const tree = trees.find((t) => t.leaves.length === 11)!;
  const { pem, sign } = await signer();
  const body = bodyOf(7, tree.root, 11);
  const signature = await sign(body);
  const proofs = [2, 10].map((i) => {
    const [, type, id, version, hash] = /^([^/]+)\/(.+)@(\d+):([0-9a-f]{64})$/.exec(tree.leaves[i])!;
    return { stream_type: type, stream_id: id, last_version: Number(version), last_hash: hash, leaf_index: i, path: tree.proofs[i].path };
  });
  const slot: LedgerSlot = {
    checkpoint: { seq: 7, root: tree.root, streams: 11, events: 40, at: '2026-11-27T02:15:00.000Z', key_id: KEY_ID, body, signature, timestamp_token: null, timestamp_time: null },
    proofs, events_after_checkpoint: 0, streams_after_checkpoint: [], problems: [],
  };
  const published: PublishedCheckpoint = { seq: 7, time: '2026-11-27T02:15:00.000Z', log_position: '812/3', stream_count: 11, event_count: 40, root: tree.root, key_id: KEY_ID, body, signature, timestamp_token: null, timestamp_time: null };
  const events = JSON.stringify(proofs.map((p) => ({ streamType: p.stream_type, streamId: p.stream_id, streamVersion: p.last_version, hash: p.last_hash })));
  const source = (answer: PublishedCheckpoint | null = published): LedgerSource => ({ checkpoint: async () => answer, keys: async () => [{ key_id: KEY_ID, algorithm: 'Ed25519', public_key_pem: pem }] });
  return { tree, slot, published, events, source, sign };
}

describe('the ledger part of a dossier, checked in the browser', () => {
  it('computes the same leaves, roots and audit paths as the server’s merkle.ts', () => {
    expect(bytesToHex(leafHash(trees[0].leaves[0]))).toBe(trees[0].root);
    for (const tree of trees) {
      tree.proofs.forEach(({ index, path }) => {
        expect(rootFromPath(tree.leaves[index], index, tree.leaves.length, path)).toBe(tree.root);
      });
    }
    const eleven = trees.find((t) => t.leaves.length === 11)!;
    const proof = eleven.proofs[6];
    expect(rootFromPath(eleven.leaves[6].replace('@7:', '@8:'), 6, 11, proof.path)).not.toBe(eleven.root);
    expect(rootFromPath(eleven.leaves[6], 5, 11, proof.path)).not.toBe(eleven.root);
    expect(rootFromPath(eleven.leaves[6], 6, 11, proof.path.slice(1))).toBeNull();
    expect(rootFromPath(eleven.leaves[6], 6, 11, [...proof.path, proof.path[0]])).toBeNull();
  });

  it('verifies an Ed25519 signature with Web Crypto, and refuses another text', async () => {
    const { pem, sign } = await signer();
    const signature = await sign('bonjour\n');
    expect(await verifyEd25519('bonjour\n', signature, pem)).toBe(true);
    expect(await verifyEd25519('bonjour !\n', signature, pem)).toBe(false);
    expect(parseBody(bodyOf(3, 'b'.repeat(64), 2))).toMatchObject({ seq: 3, streams: 2, root: 'b'.repeat(64) });
    expect(parseBody('seq: 3\n')).toBeNull();
  });

  it('finds every proof, the published checkpoint, its signature and the heads in the events file in order', async () => {
    const { slot, events, source } = await world();
    const check = await checkLedger('manifest.json', slot, events, source());
    expect(check.problems).toEqual([]);
    expect(check).toMatchObject({ ok: true, seq: 7, published: true, signature: { ok: true, keyId: KEY_ID }, headsInEvents: { found: 2, of: 2 }, timestamp: { present: false, time: null } });
    expect(check.proofs.every((p) => p.ok)).toBe(true);
  });

  it('names the proof whose path was altered, and why', async () => {
    const { slot, events, source } = await world();
    const altered = structuredClone(slot);
    altered.proofs[1].path[0] = altered.proofs[1].path[0].replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const check = await checkLedger('manifest.json', altered, events, source());
    expect(check.ok).toBe(false);
    expect(check.proofs.map((p) => p.ok)).toEqual([true, false]);
    expect(check.problems).toEqual([expect.stringMatching(new RegExp(`^Preuve du flux ${altered.proofs[1].stream_type}/${altered.proofs[1].stream_id} \\(version \\d+\\) : le chemin d’audit mène à la racine [0-9a-f]{64}, pas à celle du point de contrôle n° 7`))]);
  });

  it('says when the published history differs from the dossier’s, when the signature fails, and when a head is not in the events file', async () => {
    const { slot, events, source, published, sign } = await world();
    const rewritten = { ...published, root: 'c'.repeat(64) };
    let check = await checkLedger('manifest.json', slot, events, source(rewritten));
    expect(check.published).toBe(false);
    expect(check.problems.join('\n')).toContain(`Le point de contrôle n° 7 publié a la racine ${'c'.repeat(64)}, le dossier a reçu ${slot.checkpoint!.root} : l’historique publié par l’opérateur diffère de celui qui a été donné au dossier.`);

    const forged = { ...published, signature: await sign('autre texte') };
    check = await checkLedger('manifest.json', slot, events, source(forged));
    expect(check.signature).toEqual({ ok: false, keyId: KEY_ID });
    expect(check.problems.join('\n')).toContain('La signature Ed25519 du point de contrôle n° 7 ne correspond pas à son texte');

    check = await checkLedger('manifest.json', slot, events, source(null));
    expect(check.problems.join('\n')).toContain('Le serveur ne publie aucun point de contrôle n° 7');

    const otherHash = JSON.stringify(JSON.parse(events).map((e: { hash: string }, i: number) => (i === 0 ? { ...e, hash: 'd'.repeat(64) } : e)));
    check = await checkLedger('manifest.json', slot, otherHash, source());
    expect(check.headsInEvents).toEqual({ found: 1, of: 2 });
    expect(check.problems.join('\n')).toContain(`a dans donnees/evenements.json le hash ${'d'.repeat(64)}, la preuve ${slot.proofs[0].last_hash}`);

    // A token that is not one (timestamp-check.test.ts checks real tokens of an openssl authority).
    check = await checkLedger('manifest.json', slot, events, source({ ...published, timestamp_token: btoa('pas un jeton'), timestamp_time: '2026-11-27T02:15:01.000Z' }));
    expect(check.timestamp).toMatchObject({ present: true, ok: false });
    expect(check.problems).toEqual(['Le jeton d’horodatage RFC 3161 du point de contrôle n° 7 ne tient pas : jeton illisible.']);

    check = await checkLedger('manifest.json', { checkpoint: null, proofs: [] }, undefined, source());
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual(['Ce manifeste ne porte aucun point de contrôle : ses flux ne peuvent pas être rapprochés du registre publié.']);
  });

  it('finds each learner manifest of a batch with its own events file', () => {
    const learner = (folder: string) => [
      { path: `${folder}manifest.json`, sha256: '', bytes: 0, text: JSON.stringify({ format: 'dossier-de-preuves', ledger: { checkpoint: null, proofs: [] } }) },
      { path: `${folder}donnees/evenements.json`, sha256: '', bytes: 0, text: `[${JSON.stringify({ folder })}]` },
    ];
    const found = ledgersToCheck([{ path: 'manifest.json', sha256: '', bytes: 0, text: JSON.stringify({ format: 'dossier-de-preuves-lot', learners: [] }) }, ...learner('apprenant-1-a/'), ...learner('apprenant-2-b/')]);
    expect(found.map((f) => [f.manifest, f.events])).toEqual([['apprenant-1-a/manifest.json', '[{"folder":"apprenant-1-a/"}]'], ['apprenant-2-b/manifest.json', '[{"folder":"apprenant-2-b/"}]']]);
  });
});
