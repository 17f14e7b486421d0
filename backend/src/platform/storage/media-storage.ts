import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { InvalidInputError } from '../../shared-kernel/index.js';

/** Where uploaded files live. Local disk by default; an S3-compatible store implements the same contract. */
export abstract class MediaStorage {
  /** Stores the bytes under `folder` and returns the public path (`/media/...`). */
  abstract put(folder: string, extension: string, bytes: Buffer): Promise<string>;
  /**
   * Moves the file at `sourcePath` (an UploadedFile's temporary file) under `folder` and returns
   * its public path (`/media/<folder>/<uuid>.<ext>`). The source is gone afterwards.
   */
  abstract putFile(folder: string, extension: string, sourcePath: string): Promise<string>;
  /** Creates an empty directory under `folder` (for an extracted package) and returns where it is. */
  abstract allocateDirectory(folder: string): Promise<{ publicPath: string; absolutePath: string }>;
  /** Removes a stored file, or a directory `allocateDirectory` created with everything in it. */
  abstract remove(publicPath: string): Promise<void>;
  /** Where a public path (`/media/...`) is on disk; throws a French 400 for anything outside the store. */
  abstract absolutePathOf(publicPath: string): string;
  /** Whether files can be stored now (a node that cannot is not ready: `/api/ready`). */
  abstract isAvailable(): Promise<boolean>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MEDIA_PREFIX = '/media/';

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

  async put(folder: string, extension: string, bytes: Buffer): Promise<string> {
    const { publicPath, file } = await this.allocate(folder, `${randomUUID()}.${extension}`);
    await writeFile(file, bytes);
    return publicPath;
  }

  async putFile(folder: string, extension: string, sourcePath: string): Promise<string> {
    const { publicPath, file } = await this.allocate(folder, `${randomUUID()}.${extension}`);
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
    return publicPath;
  }

  async allocateDirectory(folder: string): Promise<{ publicPath: string; absolutePath: string }> {
    const { publicPath, file } = await this.allocate(folder, randomUUID());
    await mkdir(file);
    return { publicPath, absolutePath: file };
  }

  async remove(publicPath: string): Promise<void> {
    if (!publicPath.startsWith(MEDIA_PREFIX)) return;
    const target = this.absolutePathOf(publicPath);
    const found = await stat(target).catch(() => null);
    // Only the directories allocateDirectory made: a bug passing a folder ("/media/courses") must not empty it.
    if (found?.isDirectory() && !UUID.test(basename(target))) throw new InvalidInputError('Chemin de fichier invalide.');
    await rm(target, { recursive: true, force: true });
  }

  absolutePathOf(publicPath: string): string {
    if (!publicPath.startsWith(MEDIA_PREFIX)) throw new InvalidInputError('Chemin de fichier invalide.');
    return this.resolve(publicPath.slice(MEDIA_PREFIX.length));
  }

  /** A new path `folder/name` under the root, its folder created. */
  private async allocate(folder: string, name: string): Promise<{ publicPath: string; file: string }> {
    const file = this.resolve(join(folder, name));
    await mkdir(dirname(file), { recursive: true });
    return { publicPath: MEDIA_PREFIX + relative(this.root, file).split(sep).join('/'), file };
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
