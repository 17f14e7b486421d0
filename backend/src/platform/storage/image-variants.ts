import { Logger } from '@nestjs/common';
import sharp from 'sharp';
import type { MediaStorage } from './media-storage.js';

/**
 * Responsive copies of the public images a page shows large (course images: the catalogue's cards,
 * the course page), made at upload with sharp (libvips) so a phone downloads the width it draws,
 * in WebP (docs/adr/0010-front-end-delivery.md, « Images »). Each copy sits beside its original
 * under a name derived from it, `<name>.w<width>.webp`, so the front end writes the `srcset` from
 * the image's path alone and no read model has to carry it.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960, 1280] as const;

/** The largest image decoded for copies (about 7,000 × 7,000): a larger one is refused at upload. */
const MAX_PIXELS = 50_000_000;

/** The folders whose images get copies: course images, shown large on public pages. */
export const IMAGE_VARIANT_FOLDERS = ['courses'] as const;

const ORIGINAL = new RegExp(`^(/media/(?:${IMAGE_VARIANT_FOLDERS.join('|')})/[0-9a-f-]{36})\\.(jpg|png|gif|webp)$`);

/** The public path of an image's copy at `width`, or null for a path that has none (not an original upload). */
export function variantPathOf(publicPath: string, width: number): string | null {
  const match = ORIGINAL.exec(publicPath);
  return match ? `${match[1]}.w${width}.webp` : null;
}

/** Every copy an original has, or would have once made. */
export function variantPathsOf(publicPath: string): string[] {
  return IMAGE_VARIANT_WIDTHS.map((width) => variantPathOf(publicPath, width)).filter((path): path is string => path !== null);
}

/**
 * Writes the copies of one stored original. Never wider than the original (a copy asked wider is
 * the original's width, re-encoded); an animated GIF keeps its frames. Each copy is
 * replaced at once (storage.write), so a reader never gets half a file.
 */
export async function makeImageVariants(storage: MediaStorage, publicPath: string, bytes?: Buffer): Promise<string[]> {
  if (!variantPathOf(publicPath, IMAGE_VARIANT_WIDTHS[0])) return [];
  const source = bytes ?? (await storage.readAll(publicPath));
  if (!source) throw new Error('original introuvable');
  // Decoded once, each width a clone of it; turned as its EXIF orientation says (a phone's portrait
  // photo is stored sideways, and WebP keeps no orientation tag); at most MAX_PIXELS (a 5 MB PNG may
  // claim 16,000 × 16,000 pixels).
  const decoded = sharp(source, { animated: true, autoOrient: true, limitInputPixels: MAX_PIXELS });
  const written: string[] = [];
  for (const width of IMAGE_VARIANT_WIDTHS) {
    const path = variantPathOf(publicPath, width)!;
    const copy = await decoded.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 74, effort: 4 }).toBuffer();
    await storage.write(path, copy);
    written.push(path);
  }
  return written;
}

/** The lock under which one node of a deployment runs the backfill at start (docs/adr/0059). */
export const IMAGE_VARIANTS_BACKFILL = 'platform:image-variants-backfill';

/**
 * Makes the copies an original lacks, for the images stored before copies existed (or whose copy
 * was interrupted): started once the app listens, it reads only the folders' listings and makes
 * what is missing, one image at a time. An image sharp cannot read is logged and left as it is:
 * the page then shows the original (the card falls back to its `src`).
 */
export async function backfillImageVariants(storage: MediaStorage, logger = new Logger('Images')): Promise<number> {
  let made = 0;
  for (const folder of IMAGE_VARIANT_FOLDERS) {
    const names = await storage.list(folder).catch(() => [] as string[]);
    const present = new Set(names);
    for (const name of names) {
      const publicPath = `/media/${folder}/${name}`;
      const variants = variantPathsOf(publicPath);
      if (variants.length === 0 || variants.every((path) => present.has(path.slice(`/media/${folder}/`.length)))) continue;
      try {
        await makeImageVariants(storage, publicPath);
        made += 1;
      } catch (error) {
        logger.warn(`Copies de ${publicPath} non faites : ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  if (made > 0) logger.log(`Copies responsives faites pour ${made} image(s) qui n'en avaient pas.`);
  return made;
}
