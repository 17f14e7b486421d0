import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { readScormManifest, type ScormManifest } from './scorm-manifest.js';
import { InvalidScormPackageError } from './scorm.errors.js';

export interface ScormLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  /** Uncompressed / compressed size, for an entry and for the whole archive (from 1 MiB uncompressed). */
  maxRatio: number;
  maxManifestBytes: number;
}

export const DEFAULT_SCORM_LIMITS: ScormLimits = {
  maxEntries: 10_000,
  maxUncompressedBytes: 2 * 1024 ** 3,
  maxRatio: 100,
  maxManifestBytes: 2 * 1024 ** 2,
};

/** Below this size a high ratio means a run of blanks in a small file, not a bomb. */
const RATIO_FLOOR_BYTES = 1024 ** 2;
const MANIFEST = 'imsmanifest.xml';
const FLAG_ENCRYPTED = 0x0001;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const S_IFMT = 0o170000;
const [S_IFREG, S_IFDIR, S_IFLNK] = [0o100000, 0o040000, 0o120000];

interface PackageEntry {
  entry: Entry;
  /** Normalised: '/' separators, no '.' or empty segments, relative to the root. */
  path: string;
  directory: boolean;
}

interface Scan {
  zip: ZipFile;
  entries: PackageEntry[];
  manifest: ScormManifest;
}

const refuse = (reason: string) => InvalidScormPackageError.because(reason);

/**
 * Checks a SCORM zip without extracting it: reads the central directory and imsmanifest.xml only,
 * writes nothing. Returns what the manifest says to launch; throws InvalidScormPackageError.
 */
export async function inspectScormZip(zipPath: string, limits: ScormLimits = DEFAULT_SCORM_LIMITS): Promise<ScormManifest> {
  const { zip, manifest } = await scanZip(zipPath, limits);
  zip.close();
  return manifest;
}

/**
 * Inspects the zip (nothing is written if it is refused), then streams every entry into `destDir`
 * (which must not exist or be empty), counting the bytes actually inflated so that an entry whose
 * header lies about its size is refused too. On any failure `destDir` is removed entirely.
 */
export async function extractScormZip(zipPath: string, destDir: string, limits: ScormLimits = DEFAULT_SCORM_LIMITS): Promise<ScormManifest> {
  const { zip, entries, manifest } = await scanZip(zipPath, limits);
  const root = resolve(destDir);
  try {
    const existing = await readdir(root).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
    if (existing.length > 0) throw new Error(`Le dossier de destination ${root} n'est pas vide.`);
  } catch (error) {
    zip.close();
    throw error;
  }
  try {
    await mkdir(root, { recursive: true });
    for (const { entry, path, directory } of entries) {
      const target = resolve(root, path);
      if (!target.startsWith(root + sep)) throw refuse(`« ${path} » sortirait du dossier du paquet.`);
      if (directory) await mkdir(target, { recursive: true });
      else {
        await mkdir(dirname(target), { recursive: true });
        await copyEntry(zip, entry, path, createWriteStream(target, { flags: 'wx' }));
      }
    }
    return manifest;
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  } finally {
    zip.close();
  }
}

async function scanZip(zipPath: string, limits: ScormLimits): Promise<Scan> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    throw InvalidScormPackageError.notAZip();
  }
  try {
    const entries = await readEntries(zip, limits);
    const manifest = await readManifest(zip, entries, limits);
    return { zip, entries, manifest: resolveLaunchFiles(manifest, entries) };
  } catch (error) {
    zip.close();
    throw error;
  }
}

async function readEntries(zip: ZipFile, limits: ScormLimits): Promise<PackageEntry[]> {
  if (zip.entryCount > limits.maxEntries) {
    throw refuse(`l'archive contient ${count(zip.entryCount)} fichiers et dossiers, ${count(limits.maxEntries)} au plus.`);
  }
  const entries: PackageEntry[] = [];
  const seen = new Set<string>();
  let [uncompressed, compressed] = [0, 0];
  try {
    for await (const entry of zip.eachEntry()) {
      const checked = checkEntry(entry);
      if (!checked) continue;
      const key = checked.directory ? `${checked.path}/` : checked.path;
      if (seen.has(key)) throw refuse(`« ${checked.path} » figure deux fois dans l'archive.`);
      seen.add(key);
      entries.push(checked);
      uncompressed += entry.uncompressedSize;
      compressed += entry.compressedSize;
      if (uncompressed > limits.maxUncompressedBytes) {
        throw refuse(`une fois décompressé, il dépasserait ${bytes(limits.maxUncompressedBytes)}.`);
      }
      if (entry.uncompressedSize >= RATIO_FLOOR_BYTES && entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxRatio) {
        throw refuse(`« ${checked.path} » se décompresse plus de ${limits.maxRatio} fois plus gros qu'il n'est compressé : c'est la marque d'une « bombe ZIP ».`);
      }
    }
  } catch (error) {
    if (error instanceof InvalidScormPackageError) throw error;
    throw refuse("l'archive ZIP est endommagée (répertoire central illisible).");
  }
  if (uncompressed >= RATIO_FLOOR_BYTES && uncompressed / Math.max(compressed, 1) > limits.maxRatio) {
    throw refuse(`l'archive se décompresse plus de ${limits.maxRatio} fois plus grosse qu'elle n'est : c'est la marque d'une « bombe ZIP ».`);
  }
  for (const { path } of entries) {
    if (seen.has(`${path}/`) && seen.has(path)) throw refuse(`« ${path} » est à la fois un fichier et un dossier dans l'archive.`);
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) {
      const parent = parts.slice(0, i).join('/');
      if (seen.has(parent)) throw refuse(`« ${parent} » est à la fois un fichier et un dossier dans l'archive.`);
    }
  }
  return entries;
}

/** Validates one central-directory entry; null for an entry that names the root itself ('./'). */
function checkEntry(entry: Entry): PackageEntry | null {
  // The name as stored, backslashes kept (yauzl would turn them into '/' before we see them).
  const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
  const shown = name.length > 200 ? `${name.slice(0, 200)}…` : name;
  if (/[\u0000-\u001f\u007f]/.test(name)) throw refuse(`un nom de fichier de l'archive contient un caractère de contrôle (« ${shown.replace(/[\u0000-\u001f\u007f]/g, '?')} »).`);
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) throw refuse(`« ${shown} » est un chemin absolu ; les fichiers d'un paquet sont relatifs à sa racine.`);
  const segments = slashed.split('/');
  if (segments.includes('..')) throw refuse(`« ${shown} » remonte hors du dossier du paquet (« .. »).`);
  if (entry.generalPurposeBitFlag & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) throw refuse(`« ${shown} » est chiffré : exportez le paquet sans mot de passe.`);
  const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (type === S_IFLNK) throw refuse(`« ${shown} » est un lien symbolique ; un paquet ne peut contenir que des fichiers et des dossiers.`);
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) throw refuse(`« ${shown} » n'est ni un fichier ni un dossier ordinaire.`);
  const directory = slashed.endsWith('/') || type === S_IFDIR;
  const path = segments.filter((s) => s !== '' && s !== '.').join('/');
  if (path === '') {
    if (directory) return null;
    throw refuse(`« ${shown} » n'est pas un nom de fichier valable.`);
  }
  if (!directory && entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw refuse(`« ${shown} » est compressé par une méthode non prise en charge (n° ${entry.compressionMethod}) ; enregistrez le paquet en ZIP standard (Deflate).`);
  }
  return { entry, path, directory };
}

async function readManifest(zip: ZipFile, entries: PackageEntry[], limits: ScormLimits): Promise<ScormManifest> {
  const found = entries.find((e) => !e.directory && e.path.toLowerCase() === MANIFEST);
  if (!found) {
    const nested = entries.find((e) => !e.directory && e.path.toLowerCase().endsWith(`/${MANIFEST}`) && !e.path.startsWith('__MACOSX/'));
    if (nested) {
      const folder = nested.path.slice(0, -MANIFEST.length);
      throw refuse(
        `imsmanifest.xml n'est pas à la racine de l'archive mais dans le dossier « ${folder} » : compressez le contenu de ce dossier, pas le dossier lui-même.`,
      );
    }
    throw refuse("l'archive ne contient pas de fichier imsmanifest.xml à sa racine : ce n'est pas un paquet SCORM.");
  }
  if (found.entry.uncompressedSize > limits.maxManifestBytes) throw refuse(`imsmanifest.xml dépasse ${bytes(limits.maxManifestBytes)}.`);
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await copyEntry(zip, found.entry, found.path, sink);
  return readScormManifest(Buffer.concat(chunks));
}

/**
 * Streams one entry, counting the bytes actually inflated: more than its header announced and the
 * copy stops with a refusal; fewer, and the entry is damaged. As the announced sizes were checked
 * against the limits (total, ratio, manifest size), the bytes written keep within them too.
 */
async function copyEntry(zip: ZipFile, entry: Entry, path: string, destination: Writable): Promise<void> {
  let written = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      if (written > entry.uncompressedSize) return done(refuse(`« ${path} » contient plus de données que l'archive n'en annonce : elle a été falsifiée.`));
      done(null, chunk);
    },
    flush(done) {
      done(written < entry.uncompressedSize ? refuse(`« ${path} » est tronqué dans l'archive.`) : null);
    },
  });
  try {
    const source: Readable = await zip.openReadStreamPromise(entry);
    await pipeline(source, counter, destination);
  } catch (error) {
    if (error instanceof InvalidScormPackageError || (error as NodeJS.ErrnoException).syscall) throw error;
    throw refuse(`« ${path} » est endommagé dans l'archive et ne peut pas être décompressé.`);
  }
}

/**
 * Every item's launch file must be in the archive. A difference of case only (made on Windows,
 * served from a case-sensitive disk) is mended to the archive's spelling.
 */
function resolveLaunchFiles(manifest: ScormManifest, entries: PackageEntry[]): ScormManifest {
  const files = new Set(entries.filter((e) => !e.directory).map((e) => e.path));
  const byLowerCase = new Map<string, string>();
  for (const file of files) if (!byLowerCase.has(file.toLowerCase())) byLowerCase.set(file.toLowerCase(), file);
  const items = manifest.items.map((item) => {
    const cut = item.launch.search(/[?#]/);
    const [path, suffix] = cut < 0 ? [item.launch, ''] : [item.launch.slice(0, cut), item.launch.slice(cut)];
    if (files.has(path)) return item;
    const actual = byLowerCase.get(path.toLowerCase());
    if (actual === undefined) throw refuse(`le fichier de lancement « ${path} » indiqué par imsmanifest.xml est absent de l'archive.`);
    return { ...item, launch: actual + suffix };
  });
  return { ...manifest, launch: items[0].launch, items };
}

const count = (n: number) => n.toLocaleString('fr-FR');

function bytes(n: number): string {
  const units: [number, string][] = [
    [1024 ** 3, 'Go'],
    [1024 ** 2, 'Mo'],
    [1024, 'Ko'],
  ];
  const [size, unit] = units.find(([size]) => n >= size) ?? [1, 'octets'];
  return `${(n / size).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} ${unit}`;
}
