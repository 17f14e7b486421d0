import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, chmod, constants, cp, mkdir, open, readdir, rename, rm, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InvalidInputError } from '../../shared-kernel/index.js';

/** A stored file opened for reading: its size and date are those of the bytes `read` then sends. */
export interface StoredFile {
  size: number;
  modified: Date;
  /**
   * The store's own strong validator (an object store's ETag, quoted), exact whatever the date's
   * resolution; absent on the local disk, where the ETag is made from the size and date.
   */
  etag?: string;
  /** Its bytes, or those of one range [start, end] (inclusive), as a stream (never the whole file in memory). */
  read(range?: { start: number; end: number }): Promise<Readable>;
  /** Releases what `open` held (a file handle) when `read` is not called. */
  close(): Promise<void>;
}

/**
 * Where uploaded files live, named by their public path (`/media/<folder>/<name>`). Local disk by
 * default (LocalDiskStorage); an S3-compatible object store implements the same contract
 * (S3MediaStorage, docs/adr/0060). Nothing outside storage needs to know where a file really is.
 */
export abstract class MediaStorage {
  /**
   * A new public path `/media/<folder>/<name>` (a French 400 for one that would leave the store).
   * A caller that must name a file before storing it (the staged uploads' bookkeeping, docs/adr/0060)
   * takes the path here, then stores at it (`write`, `putFileAt`, `putDirectoryAt`).
   */
  newPath(folder: string, name: string): string {
    const publicPath = `${MEDIA_PREFIX}${folder}/${name}`;
    this.assertPath(publicPath);
    return publicPath;
  }

  /** Stores the bytes under `folder` and returns the public path (`/media/<folder>/<uuid>.<ext>`). */
  async put(folder: string, extension: string, bytes: Buffer): Promise<string> {
    const publicPath = this.newPath(folder, `${randomUUID()}.${extension}`);
    await this.write(publicPath, bytes);
    return publicPath;
  }

  /**
   * Moves the file at `sourcePath` (an UploadedFile's temporary file) under `folder` and returns
   * its public path (`/media/<folder>/<uuid>.<ext>`). The source is gone afterwards. Streamed,
   * never held in memory.
   */
  async putFile(folder: string, extension: string, sourcePath: string): Promise<string> {
    const publicPath = this.newPath(folder, `${randomUUID()}.${extension}`);
    await this.putFileAt(publicPath, sourcePath);
    return publicPath;
  }

  /**
   * Moves every file of a local directory (an extracted package) under a new `folder/<uuid>` and
   * returns its public path; on failure nothing of it is left in the store. The source is gone afterwards.
   */
  async putDirectory(folder: string, sourceDirectory: string): Promise<string> {
    const publicPath = this.newPath(folder, randomUUID());
    await this.putDirectoryAt(publicPath, sourceDirectory);
    return publicPath;
  }

  /**
   * Moves the file at `sourcePath` to exactly this public path, chosen by the caller beforehand (a
   * batch records it before storing, so that any node can remove what a killed try left). Streamed;
   * the source is gone afterwards.
   */
  abstract putFileAt(publicPath: string, sourcePath: string): Promise<void>;
  /** `putDirectory` at a path chosen beforehand (`newPath`): nothing of it is left on failure. */
  abstract putDirectoryAt(publicPath: string, sourceDirectory: string): Promise<void>;
  /** Writes `bytes` at exactly this public path (an image's responsive copy), replacing what was there at once. */
  abstract write(publicPath: string, bytes: Buffer): Promise<void>;
  /** Removes a stored file, or a directory `putDirectory` stored with everything in it. */
  abstract remove(publicPath: string): Promise<void>;
  /** Opens a stored file for reading; null when there is none (a French 400 for a path outside the store). */
  abstract open(publicPath: string): Promise<StoredFile | null>;
  /** The names of the files directly in `folder` (not in its sub-folders). */
  abstract list(folder: string): Promise<string[]>;
  /** Whether files can be stored now (a node that cannot is not ready: `/api/ready`). */
  abstract isAvailable(): Promise<boolean>;
  /** Throws a French 400 for a public path outside the store. */
  protected abstract assertPath(publicPath: string): void;

  /** Whether a file is stored at this path. */
  async exists(publicPath: string): Promise<boolean> {
    const file = await this.open(publicPath);
    await file?.close();
    return file !== null;
  }

  /** The whole of a small stored file (a manifest, an image); null when there is none. */
  async readAll(publicPath: string): Promise<Buffer | null> {
    const file = await this.open(publicPath);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of await file.read()) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const MEDIA_PREFIX = '/media/';

export class LocalDiskStorage extends MediaStorage {
  readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  async isAvailable(): Promise<boolean> {
    return access(this.root, constants.W_OK).then(
      () => true,
      () => false,
    );
  }

  async putFileAt(publicPath: string, sourcePath: string): Promise<void> {
    const file = this.absolutePathOf(publicPath);
    await mkdir(dirname(file), { recursive: true });
    await this.moveInto(file, sourcePath);
  }

  /** Renames the source to `file`, or streams it there from another file system and removes it. */
  private async moveInto(file: string, sourcePath: string): Promise<void> {
    try {
      await rename(sourcePath, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // Another file system: copied as a stream (never in memory), then the source removed.
      try {
        await pipeline(createReadStream(sourcePath), createWriteStream(file, { flags: 'wx' }));
      } catch (copyError) {
        await rm(file, { force: true });
        throw copyError;
      }
      await unlink(sourcePath);
    }
  }

  async putDirectoryAt(publicPath: string, sourceDirectory: string): Promise<void> {
    const file = this.absolutePathOf(publicPath);
    await mkdir(dirname(file), { recursive: true });
    try {
      await rename(sourceDirectory, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      try {
        await cp(sourceDirectory, file, { recursive: true, errorOnExist: true, force: false });
      } catch (copyError) {
        await rm(file, { recursive: true, force: true });
        throw copyError;
      }
      await rm(sourceDirectory, { recursive: true, force: true });
    }
    // A temporary directory is made private (0700): the package's gets the usual rights, as mkdir gave it.
    await chmod(file, 0o755);
  }

  async write(publicPath: string, bytes: Buffer): Promise<void> {
    const file = this.absolutePathOf(publicPath);
    await mkdir(dirname(file), { recursive: true });
    // Written to a temporary name and renamed: a reader never gets half a file.
    const part = `${file}.${randomUUID()}.part`;
    try {
      await writeFile(part, bytes);
      await rename(part, file);
    } finally {
      await rm(part, { force: true });
    }
  }

  async open(publicPath: string): Promise<StoredFile | null> {
    const path = this.absolutePathOf(publicPath);
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch {
      return null;
    }
    // Opened first, then measured: the size, date and bytes all belong to the same file.
    const found = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!found.isFile()) {
      await handle.close();
      return null;
    }
    return {
      size: found.size,
      modified: found.mtime,
      read: async (range) => handle.createReadStream({ start: range?.start, end: range?.end, autoClose: true }),
      close: () => handle.close(),
    };
  }

  async list(folder: string): Promise<string[]> {
    const directory = dirname(this.absolutePathOf(`${MEDIA_PREFIX}${folder}/x`));
    const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  }

  async remove(publicPath: string): Promise<void> {
    if (!publicPath.startsWith(MEDIA_PREFIX)) return;
    const target = this.absolutePathOf(publicPath);
    const found = await stat(target).catch(() => null);
    // Only the directories putDirectory made: a bug passing a folder ("/media/courses") must not empty it.
    if (found?.isDirectory() && !UUID.test(basename(target))) throw new InvalidInputError('Chemin de fichier invalide.');
    await rm(target, { recursive: true, force: true });
  }

  /** Where a public path (`/media/...`) is on disk; throws a French 400 for anything outside the store. Local disk only. */
  absolutePathOf(publicPath: string): string {
    if (!publicPath.startsWith(MEDIA_PREFIX)) throw new InvalidInputError('Chemin de fichier invalide.');
    return this.resolve(publicPath.slice(MEDIA_PREFIX.length));
  }

  /** A path that is under the root as written (no `..`, no `./`, no doubled slash): the one the file will be known by. */
  protected assertPath(publicPath: string): void {
    const file = this.absolutePathOf(publicPath);
    if (MEDIA_PREFIX + relative(this.root, file).split(sep).join('/') !== publicPath) throw new InvalidInputError('Chemin de fichier invalide.');
  }

  /** The absolute path of `relativePath`, strictly inside the root (never the root itself, never beside it). */
  private resolve(relativePath: string): string {
    const file = resolve(this.root, relativePath);
    const inside = relative(this.root, file);
    if (relativePath.includes('\0') || inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) throw new InvalidInputError('Chemin de fichier invalide.');
    return file;
  }
}

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export type ImageType = 'jpg' | 'png' | 'gif' | 'webp';

/** Recognises an image by its first bytes, whatever its name says. */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** Checks an uploaded image (jpg, png, gif, webp; 5 MB) and returns its type, or throws a French 400. */
export function assertImage(bytes: Buffer, field: string): ImageType {
  if (bytes.length > IMAGE_MAX_BYTES) throw new InvalidInputError("L'image ne doit pas dépasser 5 Mo.", field);
  const type = detectImageType(bytes);
  if (!type) throw new InvalidInputError("Le fichier doit être une image JPG, PNG, GIF ou WEBP.", field);
  return type;
}
