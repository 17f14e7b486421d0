import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { InvalidInputError } from '../../shared-kernel/index.js';

/** Where uploaded files live. Local disk by default; an S3-compatible store implements the same contract. */
export abstract class MediaStorage {
  /** Stores the bytes under `folder` and returns the public path (`/media/...`). */
  abstract put(folder: string, extension: string, bytes: Buffer): Promise<string>;
  abstract remove(publicPath: string): Promise<void>;
}

export class LocalDiskStorage extends MediaStorage {
  constructor(readonly root: string) {
    super();
  }

  async put(folder: string, extension: string, bytes: Buffer): Promise<string> {
    const relative = join(folder, `${randomUUID()}.${extension}`);
    const file = this.resolve(relative);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes);
    return `/media/${relative.split('\\').join('/')}`;
  }

  async remove(publicPath: string): Promise<void> {
    if (!publicPath.startsWith('/media/')) return;
    await rm(this.resolve(publicPath.slice('/media/'.length)), { force: true });
  }

  private resolve(relative: string): string {
    const file = normalize(join(this.root, relative));
    if (!file.startsWith(normalize(this.root))) throw new InvalidInputError('Chemin de fichier invalide.');
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
