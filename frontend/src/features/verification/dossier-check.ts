import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';

/*
 * A dossier de preuves checked in the browser (docs/adr/0040): nothing is uploaded. A ZIP is read as
 * a stream (fflate's Unzip, entry by entry, chunk by chunk) and each entry hashed as it passes
 * (@noble/hashes' incremental SHA-256: Web Crypto's digest takes a whole buffer, which a 100 MB
 * entry should not be); loose files dropped beside a manifest.json are hashed the same way from
 * their own streams. Then every file the manifest(s) list is compared with what was dropped.
 */

/** What was dropped, hashed: each file's SHA-256 and size, and the text of each manifest.json (small). */
export interface HashedFile {
  path: string;
  sha256: string;
  bytes: number;
  /** Kept for manifest.json and the three donnees/*.json only, to read them. */
  text?: string;
}

export type FileVerdict = 'conforme' | 'modifie' | 'absent' | 'en_trop';

export interface FileCheck {
  path: string;
  verdict: FileVerdict;
  expected?: { sha256: string; bytes: number };
  found?: { sha256: string; bytes: number };
  /** Which manifest lists it (the batch's or a learner's). */
  manifest: string;
}

export interface ManifestFile {
  path: string;
  sha256: string;
  bytes: number;
}

/** The part of a manifest this page reads (format 1 or 2). */
export interface DossierManifest {
  format?: string;
  format_version?: number;
  files?: ManifestFile[];
  learners?: { manifest: string; manifest_sha256: string }[];
  coverage?: { path: string; bound: string; how: string; covered?: number; not_covered?: { count: number; reason: string }[] }[];
  ledger?: { checkpoint?: unknown; proofs?: unknown[]; note?: string } | Record<string, unknown>;
}

const CHUNK = 1 << 20;
const isManifest = (path: string) => path === 'manifest.json' || path.endsWith('/manifest.json');
/**
 * Kept as text: the manifests, the raw events (where the page looks for each proved stream head, ledger-check.ts),
 * and the beats and SCORM commit rows whose digests the events carry (row-digest-check.ts).
 */
const TEXT_FILES = ['evenements.json', 'signaux-de-presence.json', 'enregistrements-scorm.json'];
const keptAsText = (path: string) => isManifest(path) || TEXT_FILES.some((name) => path === name || path.endsWith(`/${name}`));

/** Hashes a Blob (a dropped file) as a stream, 1 MB at a time. */
export async function hashBlob(path: string, blob: Blob): Promise<HashedFile> {
  const hash = sha256.create();
  const keep: Uint8Array[] = [];
  for (let offset = 0; offset < blob.size; offset += CHUNK) {
    const chunk = new Uint8Array(await blob.slice(offset, offset + CHUNK).arrayBuffer());
    hash.update(chunk);
    if (keptAsText(path)) keep.push(chunk);
  }
  return { path, sha256: bytesToHex(hash.digest()), bytes: blob.size, ...(keptAsText(path) ? { text: decode(keep) } : {}) };
}

function decode(chunks: Uint8Array[]): string {
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return new TextDecoder('utf-8').decode(all);
}

/** Reads a ZIP as a stream and hashes every entry (folders skipped); manifests kept as text. */
export async function hashZip(blob: Blob): Promise<HashedFile[]> {
  const files: HashedFile[] = [];
  const pending: Promise<void>[] = [];
  let failure: unknown = null;
  const unzip = new Unzip((entry) => {
    if (entry.name.endsWith('/')) return;
    const hash = sha256.create();
    const keep: Uint8Array[] = [];
    let bytes = 0;
    pending.push(new Promise<void>((resolve) => {
      entry.ondata = (error, chunk, final) => {
        if (error) {
          failure = error;
          resolve();
          return;
        }
        hash.update(chunk);
        bytes += chunk.length;
        if (keptAsText(entry.name)) keep.push(chunk);
        if (final) {
          files.push({ path: entry.name, sha256: bytesToHex(hash.digest()), bytes, ...(keptAsText(entry.name) ? { text: decode(keep) } : {}) });
          resolve();
        }
      };
    }));
    entry.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  for (let offset = 0; offset < blob.size; offset += CHUNK) {
    const chunk = new Uint8Array(await blob.slice(offset, offset + CHUNK).arrayBuffer());
    unzip.push(chunk, offset + CHUNK >= blob.size);
  }
  if (blob.size === 0) unzip.push(new Uint8Array(0), true);
  await Promise.all(pending);
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return files;
}

export class DossierCheckError extends Error {}

/** Parses a manifest's text, or says in French why it cannot be read. */
export function parseManifest(text: string): DossierManifest {
  try {
    const value = JSON.parse(text) as DossierManifest;
    if (typeof value !== 'object' || value === null || !(Array.isArray(value.files) || Array.isArray(value.learners))) throw new Error('shape');
    return value;
  } catch {
    throw new DossierCheckError('Le fichier manifest.json n’est pas le manifeste d’un dossier de preuves (JSON illisible ou sans liste de fichiers).');
  }
}

export interface DossierCheck {
  /** The manifest read first (the ZIP's root one, or the one dropped). */
  manifest: DossierManifest;
  /** The SHA-256 of that manifest as dropped: what the centre's records are asked about. */
  manifestSha256: string;
  files: FileCheck[];
  /** Every file matches and nothing is missing or extra. */
  intact: boolean;
}

/**
 * Compares what was dropped with the manifest(s). In a ZIP the paths are exact; loose files dropped
 * beside a manifest are matched by path, else by their name alone (a browser gives no folders).
 * A batch's manifest lists the learners' manifests: each is checked, then read and its files too.
 */
export function compareWithManifest(dropped: readonly HashedFile[], options: { exactPaths: boolean }): DossierCheck {
  const root = dropped.find((f) => f.path === 'manifest.json') ?? dropped.find((f) => isManifest(f.path));
  if (!root?.text) throw new DossierCheckError('Aucun manifest.json : déposez le ZIP du dossier, ou son manifest.json avec les fichiers qu’il énumère.');
  const manifest = parseManifest(root.text);
  const byPath = new Map(dropped.map((f) => [f.path, f]));
  const byName = new Map<string, HashedFile[]>();
  for (const f of dropped) {
    const name = f.path.slice(f.path.lastIndexOf('/') + 1);
    byName.set(name, [...(byName.get(name) ?? []), f]);
  }
  const used = new Set<HashedFile>([root]);
  const checks: FileCheck[] = [];
  const find = (path: string): HashedFile | undefined => {
    const exact = byPath.get(path);
    if (exact || options.exactPaths) return exact;
    const candidates = (byName.get(path.slice(path.lastIndexOf('/') + 1)) ?? []).filter((f) => !used.has(f));
    return candidates[0];
  };
  const checkList = (files: readonly ManifestFile[], manifestPath: string) => {
    for (const expected of files) {
      const found = find(expected.path);
      if (found) used.add(found);
      checks.push({
        path: expected.path,
        manifest: manifestPath,
        expected: { sha256: expected.sha256, bytes: expected.bytes },
        ...(found ? { found: { sha256: found.sha256, bytes: found.bytes } } : {}),
        verdict: !found ? 'absent' : found.sha256 === expected.sha256 && found.bytes === expected.bytes ? 'conforme' : 'modifie',
      });
    }
  };
  checkList(manifest.files ?? [], root.path);
  for (const learner of manifest.learners ?? []) {
    const found = find(learner.manifest);
    if (found) used.add(found);
    checks.push({
      path: learner.manifest, manifest: root.path, expected: { sha256: learner.manifest_sha256, bytes: found?.bytes ?? 0 },
      ...(found ? { found: { sha256: found.sha256, bytes: found.bytes } } : {}),
      verdict: !found ? 'absent' : found.sha256 === learner.manifest_sha256 ? 'conforme' : 'modifie',
    });
    if (found?.text) {
      try {
        checkList(parseManifest(found.text).files ?? [], learner.manifest);
      } catch {
        // Its own line already says « modifié » when it was altered; an unreadable one lists nothing more.
      }
    }
  }
  for (const f of dropped) {
    if (!used.has(f)) checks.push({ path: f.path, manifest: root.path, verdict: 'en_trop', found: { sha256: f.sha256, bytes: f.bytes } });
  }
  return { manifest, manifestSha256: root.sha256, files: checks, intact: checks.every((c) => c.verdict === 'conforme') };
}
