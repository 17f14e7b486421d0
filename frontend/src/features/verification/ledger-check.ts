import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import type { HashedFile } from './dossier-check';

/*
 * The ledger part of a dossier checked in the browser (issue 27 item 5, docs/adr/0038 and 0040): each
 * inclusion proof of the manifest recomputed to a root (RFC 9162 § 2.1.3.2, leaves « type/id@version:hash »
 * hashed SHA-256(0x00 ‖ leaf), nodes SHA-256(0x01 ‖ left ‖ right), as the server's merkle.ts), that root
 * compared with the manifest's checkpoint AND with the checkpoint the server publishes, the Ed25519
 * signature of the published text checked with the published key (Web Crypto), each proved head looked
 * for in the dossier's donnees/evenements.json, and the RFC 3161 token's presence and time reported.
 */

/** The manifest's `ledger` slot (backend evidence/application/dossier/manifest.ts, LedgerSection). */
export interface LedgerSlot {
  checkpoint: {
    seq: number;
    root: string;
    streams: number;
    events: number;
    at: string;
    key_id: string;
    body?: string;
    signature: string;
    timestamp_token: string | null;
    timestamp_time?: string | null;
  } | null;
  proofs: { stream_type: string; stream_id: string; last_version: number; last_hash: string; leaf_index: number; path: string[] }[];
  events_after_checkpoint?: number;
  streams_after_checkpoint?: string[];
  problems?: string[];
  note?: string;
}

/** GET /api/ledger/checkpoints/{seq}/ */
export interface PublishedCheckpoint {
  seq: number;
  time: string;
  log_position: string;
  stream_count: number;
  event_count: number;
  root: string;
  key_id: string;
  body: string;
  signature: string;
  timestamp_token: string | null;
  timestamp_time: string | null;
}

/** GET /api/ledger/keys/ */
export interface PublishedKey {
  key_id: string;
  algorithm: string;
  public_key_pem: string;
}

/** What the page asks the server for: public, no login, nothing of the dossier sent. */
export interface LedgerSource {
  /** null when the server answers 404 (no such checkpoint). */
  checkpoint(seq: number): Promise<PublishedCheckpoint | null>;
  keys(): Promise<PublishedKey[]>;
}

const concat = (...parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
};
const utf8 = (text: string) => new TextEncoder().encode(text);

export const leafLine = (p: Pick<LedgerSlot['proofs'][number], 'stream_type' | 'stream_id' | 'last_version' | 'last_hash'>) => `${p.stream_type}/${p.stream_id}@${p.last_version}:${p.last_hash}`;
export const leafHash = (line: string): Uint8Array => sha256(concat(new Uint8Array([0]), utf8(line)));
const nodeHash = (left: Uint8Array, right: Uint8Array): Uint8Array => sha256(concat(new Uint8Array([1]), left, right));

/**
 * RFC 9162 § 2.1.3.2: the root an audit path leads to from a leaf at `index` in a tree of `treeSize`
 * leaves (hex), or null when the path cannot belong to such a tree (too short, too long, not hex).
 */
export function rootFromPath(leaf: string, index: number, treeSize: number, path: readonly string[]): string | null {
  if (!Number.isInteger(index) || !Number.isInteger(treeSize) || index < 0 || index >= treeSize) return null;
  if (!path.every((h) => /^[0-9a-f]{64}$/.test(h))) return null;
  let fn = index;
  let sn = treeSize - 1;
  let r = leafHash(leaf);
  for (const hex of path) {
    const p = hexToBytes(hex);
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? bytesToHex(r) : null;
}

/** Pure Ed25519 (RFC 8032) over the text's UTF-8 bytes, with a PEM SubjectPublicKeyInfo, by Web Crypto (Chromium ≥ 137, Firefox, Safari 17). */
export async function verifyEd25519(text: string, signatureBase64: string, publicKeyPem: string): Promise<boolean> {
  const der = Uint8Array.from(atob(publicKeyPem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '')), (c) => c.charCodeAt(0));
  const signature = Uint8Array.from(atob(signatureBase64), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('spki', der, { name: 'Ed25519' }, false, ['verify']);
  return crypto.subtle.verify({ name: 'Ed25519' }, key, signature, utf8(text));
}

/** The fields a signed body states (ADR 0038 « Canonical serialization »), or null when it is not one. */
export function parseBody(body: string): { seq: number; time: string; streams: number; events: number; root: string; keyId: string } | null {
  const match = /^format: lms-ledger-checkpoint\/1\nseq: (\d+)\ntime: (\S+)\nlog-position: \d+\/\d+\nstreams: (\d+)\nevents: (\d+)\nroot: ([0-9a-f]{64})\nkey-id: ([0-9a-f]{64})\n$/.exec(body);
  return match ? { seq: Number(match[1]), time: match[2], streams: Number(match[3]), events: Number(match[4]), root: match[5], keyId: match[6] } : null;
}

export interface ProofResult {
  stream: string;
  leaf: string;
  /** The root the path leads to (null: the path cannot belong to the tree). */
  computed: string | null;
  ok: boolean;
  /** In French, exactly what fails. */
  problem: string | null;
}

export interface LedgerCheck {
  manifest: string;
  /** null: the manifest carries no checkpoint (a dossier from before the ledger). */
  seq: number | null;
  at: string | null;
  proofs: ProofResult[];
  /** The published checkpoint's root equals the manifest's (null: not fetched / not published). */
  published: boolean | null;
  signature: { ok: boolean; keyId: string } | null;
  /** The RFC 3161 token: its presence, genTime and authority, and whether it holds (null: absent or not read). */
  timestamp: { present: boolean; time: string | null; authority: string | null; ok: boolean | null };
  /** Proved heads found in the events file with that hash (null: the file was not dropped). */
  headsInEvents: { found: number; of: number } | null;
  /** Every problem in French; empty when everything holds. */
  problems: string[];
  ok: boolean;
}

interface EventLine {
  streamType?: string;
  streamId?: string;
  streamVersion?: number;
  hash?: string;
}

/** Checks one learner's manifest ledger slot; `eventsText` is its donnees/evenements.json when dropped. */
export async function checkLedger(manifestPath: string, slot: LedgerSlot | undefined, eventsText: string | undefined, source: LedgerSource): Promise<LedgerCheck> {
  const problems: string[] = [];
  const result: LedgerCheck = { manifest: manifestPath, seq: null, at: null, proofs: [], published: null, signature: null, timestamp: { present: false, time: null, authority: null, ok: null }, headsInEvents: null, problems, ok: false };
  const checkpoint = slot?.checkpoint;
  if (!slot || !checkpoint) {
    problems.push('Ce manifeste ne porte aucun point de contrôle : ses flux ne peuvent pas être rapprochés du registre publié.');
    return result;
  }
  result.seq = checkpoint.seq;
  result.at = checkpoint.at;
  const n = checkpoint.seq;
  for (const problem of slot.problems ?? []) problems.push(`Le manifeste signale : ${problem}`);

  // 1. Each proof, from its leaf up to the root the manifest gives.
  for (const p of slot.proofs) {
    const leaf = leafLine(p);
    const stream = `${p.stream_type}/${p.stream_id}`;
    const computed = rootFromPath(leaf, p.leaf_index, checkpoint.streams, p.path);
    const ok = computed === checkpoint.root;
    const problem = ok
      ? null
      : computed === null
        ? `Preuve du flux ${stream} (version ${p.last_version}) : le chemin d’audit (${p.path.length} nœud(s), feuille n° ${p.leaf_index}) ne peut pas appartenir à un arbre de ${checkpoint.streams} feuille(s).`
        : `Preuve du flux ${stream} (version ${p.last_version}) : le chemin d’audit mène à la racine ${computed}, pas à celle du point de contrôle n° ${n} (${checkpoint.root}).`;
    if (problem) problems.push(problem);
    result.proofs.push({ stream, leaf, computed, ok, problem });
  }

  // 2. The body the manifest carries states the same checkpoint.
  if (checkpoint.body !== undefined) {
    const stated = parseBody(checkpoint.body);
    if (!stated || stated.seq !== n || stated.root !== checkpoint.root || stated.streams !== checkpoint.streams || stated.keyId !== checkpoint.key_id) {
      problems.push(`Le texte signé que porte le manifeste ne correspond pas à son point de contrôle n° ${n} (numéro, racine, nombre de flux ou clé).`);
    }
  }

  // 3. The checkpoint the server publishes: same root, same text; its signature with the published key.
  let published: PublishedCheckpoint | null = null;
  try {
    published = await source.checkpoint(n);
  } catch {
    problems.push(`Le point de contrôle publié n° ${n} n’a pas pu être lu (GET /api/ledger/checkpoints/${n}/) : réessayez.`);
  }
  if (published === null && !problems.some((p) => p.includes('n’a pas pu être lu'))) {
    problems.push(`Le serveur ne publie aucun point de contrôle n° ${n} : le dossier cite un point de contrôle que le registre public ne contient pas.`);
  }
  if (published) {
    result.published = published.root === checkpoint.root && published.body === (checkpoint.body ?? published.body);
    if (published.root !== checkpoint.root) {
      problems.push(
        `Le point de contrôle n° ${n} publié a la racine ${published.root}, le dossier a reçu ${checkpoint.root} : l’historique publié par l’opérateur diffère de celui qui a été donné au dossier.`,
      );
    } else if (checkpoint.body !== undefined && published.body !== checkpoint.body) {
      problems.push(`Le texte signé du point de contrôle n° ${n} publié diffère de celui du dossier (même racine) : le point de contrôle a été signé de nouveau.`);
    }
    const publishedBody = parseBody(published.body);
    if (!publishedBody || publishedBody.root !== published.root || publishedBody.seq !== n) {
      problems.push(`Le point de contrôle n° ${n} publié ne correspond pas à son propre texte signé (racine ou numéro).`);
    }
    let keys: PublishedKey[] = [];
    try {
      keys = await source.keys();
    } catch {
      problems.push('Les clés publiques du registre n’ont pas pu être lues (GET /api/ledger/keys/) : réessayez.');
    }
    const key = keys.find((k) => k.key_id === published.key_id);
    if (keys.length > 0 && !key) problems.push(`La clé ${published.key_id} qui a signé le point de contrôle n° ${n} n’est pas publiée (GET /api/ledger/keys/).`);
    if (key) {
      let ok = false;
      try {
        ok = await verifyEd25519(published.body, published.signature, key.public_key_pem);
      } catch {
        ok = false;
      }
      result.signature = { ok, keyId: key.key_id };
      if (!ok) problems.push(`La signature Ed25519 du point de contrôle n° ${n} ne correspond pas à son texte avec la clé publiée ${key.key_id}.`);
    }
    const token = published.timestamp_token ?? checkpoint.timestamp_token;
    result.timestamp = { present: token !== null, time: published.timestamp_time ?? checkpoint.timestamp_time ?? null, authority: null, ok: null };
    if (token) {
      // pkijs is loaded only now, on this page, when there is a token to read.
      try {
        const { checkTimestampToken } = await import('./timestamp-check');
        const stamped = await checkTimestampToken(token, `${published.body}signature: ${published.signature}\n`);
        result.timestamp = { present: true, time: stamped.time, authority: stamped.authority, ok: stamped.ok };
        if (!stamped.ok) problems.push(`Le jeton d’horodatage RFC 3161 du point de contrôle n° ${n} ne tient pas : ${stamped.problem}.`);
      } catch {
        problems.push(`Le jeton d’horodatage RFC 3161 du point de contrôle n° ${n} n’a pas pu être lu sur cette page.`);
      }
    }
    if (checkpoint.timestamp_token && published.timestamp_token && checkpoint.timestamp_token !== published.timestamp_token) {
      problems.push(`Le jeton d’horodatage du point de contrôle n° ${n} publié diffère de celui que porte le dossier.`);
    }
    if (checkpoint.timestamp_token && !published.timestamp_token) problems.push(`Le dossier porte un jeton d’horodatage du point de contrôle n° ${n} que le serveur ne publie plus.`);
  }

  // 4. Each proved head is in the dossier's events file, same version and hash.
  if (eventsText !== undefined) {
    let events: EventLine[] = [];
    try {
      events = JSON.parse(eventsText) as EventLine[];
    } catch {
      problems.push('Le fichier donnees/evenements.json n’est pas un JSON lisible : les têtes prouvées ne peuvent pas y être retrouvées.');
    }
    const seen = new Map<string, string>();
    for (const e of Array.isArray(events) ? events : []) seen.set(`${e.streamType}/${e.streamId}@${e.streamVersion}`, String(e.hash));
    let found = 0;
    for (const p of slot.proofs) {
      const hash = seen.get(`${p.stream_type}/${p.stream_id}@${p.last_version}`);
      if (hash === p.last_hash) found += 1;
      else if (hash === undefined) problems.push(`La tête prouvée du flux ${p.stream_type}/${p.stream_id} (version ${p.last_version}) n’est pas dans donnees/evenements.json.`);
      else problems.push(`La tête prouvée du flux ${p.stream_type}/${p.stream_id} (version ${p.last_version}) a dans donnees/evenements.json le hash ${hash}, la preuve ${p.last_hash}.`);
    }
    result.headsInEvents = { found, of: slot.proofs.length };
  }
  result.ok = problems.length === 0;
  return result;
}

/** The learner manifests among what was dropped (a batch's folders, or one dossier), each with its events file when there. */
export function ledgersToCheck(dropped: readonly HashedFile[]): { manifest: string; slot: LedgerSlot | undefined; events: string | undefined }[] {
  const out: { manifest: string; slot: LedgerSlot | undefined; events: string | undefined }[] = [];
  const eventsFiles = dropped.filter((f) => f.path.endsWith('evenements.json') && f.text !== undefined);
  for (const f of dropped) {
    if (!f.text || !(f.path === 'manifest.json' || f.path.endsWith('/manifest.json'))) continue;
    let parsed: { format?: string; ledger?: LedgerSlot };
    try {
      parsed = JSON.parse(f.text) as { format?: string; ledger?: LedgerSlot };
    } catch {
      continue;
    }
    if (parsed.format !== 'dossier-de-preuves') continue;
    const folder = f.path.slice(0, f.path.length - 'manifest.json'.length);
    const events = dropped.find((e) => e.path === `${folder}donnees/evenements.json`) ?? (eventsFiles.length === 1 ? eventsFiles[0] : undefined);
    out.push({ manifest: f.path, slot: parsed.ledger, events: events?.text });
  }
  return out;
}

/** The public ledger, read with plain GETs (no login, no cookie, nothing of the dossier in them). */
export const publicLedger = (base = new URL('/api', window.location.origin).href): LedgerSource => ({
  async checkpoint(seq) {
    const response = await fetch(`${base}/ledger/checkpoints/${seq}/`, { credentials: 'omit' });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(String(response.status));
    return (await response.json()) as PublishedCheckpoint;
  },
  async keys() {
    const response = await fetch(`${base}/ledger/keys/`, { credentials: 'omit' });
    if (!response.ok) throw new Error(String(response.status));
    return ((await response.json()) as { keys: PublishedKey[] }).keys;
  },
});
