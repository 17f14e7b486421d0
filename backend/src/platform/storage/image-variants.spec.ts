import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { InvalidInputError } from '../../shared-kernel/index.js';
import { backfillImageVariants, IMAGE_VARIANT_WIDTHS, variantPathOf, variantPathsOf } from './image-variants.js';
import { LocalDiskStorage } from './media-storage.js';
import { StagedUploads } from './staged-uploads.js';
import { MemoryPendingFileBook } from './testing/memory-pending-file-book.js';

/** A real JPEG of `width` × `height`, a gradient (so WebP has something to encode). */
async function jpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set([(i / 3) % 256, 80, ((i / 3 / width) * 2) % 256], i);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

function disk() {
  const root = mkdtempSync(join(tmpdir(), 'lms-variants-'));
  const storage = new LocalDiskStorage(root);
  const file = (path: string) => join(root, path.slice('/media/'.length));
  return { root, storage, file };
}

describe('responsive copies of course images', () => {
  it('names a copy after its original, only for the folders whose images are shown large', () => {
    const original = '/media/courses/0b6a2f4e-9d1c-4c1e-8f3a-2b7c9d0e1f2a.jpg';
    expect(variantPathOf(original, 640)).toBe('/media/courses/0b6a2f4e-9d1c-4c1e-8f3a-2b7c9d0e1f2a.w640.webp');
    expect(variantPathsOf(original)).toHaveLength(IMAGE_VARIANT_WIDTHS.length);
    expect(variantPathOf('/media/profiles/0b6a2f4e-9d1c-4c1e-8f3a-2b7c9d0e1f2a.jpg', 640)).toBeNull();
    expect(variantPathOf('/media/courses/0b6a2f4e-9d1c-4c1e-8f3a-2b7c9d0e1f2a.w640.webp', 320)).toBeNull();
    expect(variantPathOf('https://example.org/image.jpg', 320)).toBeNull();
  });

  it('stages a course image with its WebP copies at each width, never wider than the original', async () => {
    const { storage, file } = disk();
    const uploads = new StagedUploads(storage, new MemoryPendingFileBook());
    const path = await uploads.putImage('courses', await jpeg(1000, 560), 'featured_img');
    await uploads.committed();

    for (const width of IMAGE_VARIANT_WIDTHS) {
      const copy = readFileSync(file(variantPathOf(path, width)!));
      const meta = await sharp(copy).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Math.min(width, 1000));
      expect(meta.height).toBe(Math.round((Math.min(width, 1000) * 560) / 1000));
    }
    expect(readdirSync(join(file(path), '..')).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('turns a photo as its EXIF orientation says (a phone stores a portrait sideways)', async () => {
    const { storage, file } = disk();
    const uploads = new StagedUploads(storage, new MemoryPendingFileBook());
    // 600 × 400 as stored, orientation 6: shown 400 wide and 600 high.
    const sideways = await sharp(await jpeg(600, 400)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const path = await uploads.putImage('courses', sideways, 'featured_img');
    const meta = await sharp(readFileSync(file(variantPathOf(path, 320)!))).metadata();
    expect([meta.width, meta.height]).toEqual([320, 480]);
  });

  it('removes the copies with their original, when the change rolls back and when the image is replaced', async () => {
    const { storage, file } = disk();
    const first = new StagedUploads(storage, new MemoryPendingFileBook());
    const rolledBack = await first.putImage('courses', await jpeg(400, 225), 'featured_img');
    await first.rolledBack();
    for (const path of [rolledBack, ...variantPathsOf(rolledBack)]) expect(existsSync(file(path))).toBe(false);

    const second = new StagedUploads(storage, new MemoryPendingFileBook());
    const kept = await second.putImage('courses', await jpeg(400, 225), 'featured_img');
    await second.committed();
    const third = new StagedUploads(storage, new MemoryPendingFileBook());
    await third.putImage('courses', await jpeg(400, 225), 'featured_img');
    third.supersede(kept);
    await third.committed();
    for (const path of [kept, ...variantPathsOf(kept)]) expect(existsSync(file(path))).toBe(false);
  });

  it('refuses in French an image whose first bytes look right but that cannot be decoded, and stores nothing', async () => {
    const { storage, root } = disk();
    const uploads = new StagedUploads(storage, new MemoryPendingFileBook());
    const broken = Buffer.concat([(await jpeg(64, 36)).subarray(0, 40), Buffer.alloc(200, 7)]);
    const refusal = await uploads.putImage('courses', broken, 'featured_img').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InvalidInputError);
    expect((refusal as Error).message).toBe("L'image n'a pas pu être lue : envoyez une image JPG, PNG, GIF ou WEBP valide d'au plus 50 millions de pixels.");
    await uploads.rolledBack();
    expect(readdirSync(join(root, 'courses'))).toEqual([]);
  });

  it('makes, once the app starts, the copies an image stored before them lacks, and leaves an unreadable one as it is', async () => {
    const { storage, file } = disk();
    const old = await storage.put('courses', 'jpg', await jpeg(800, 450));
    const unreadable = await storage.put('courses', 'png', Buffer.from('89504e470d0a1a0a0000', 'hex'));
    const warnings: string[] = [];
    const logger = { warn: (line: string) => warnings.push(line), log: () => undefined };

    expect(await backfillImageVariants(storage, logger as never)).toBe(1);
    for (const path of variantPathsOf(old)) expect(existsSync(file(path))).toBe(true);
    expect(warnings).toEqual([expect.stringContaining(unreadable)]);
    // A second start finds nothing to make for the image done (only the unreadable one is tried again).
    expect(await backfillImageVariants(storage, logger as never)).toBe(0);
    rmSync(file(old));
  });
});
