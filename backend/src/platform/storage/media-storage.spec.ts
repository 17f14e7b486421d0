import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertImage, detectImageType, LocalDiskStorage } from './media-storage.js';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('detectImageType', () => {
  it('recognises images by content', () => {
    expect(detectImageType(png)).toBe('png');
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(detectImageType(Buffer.from('GIF89a....'))).toBe('gif');
    expect(detectImageType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('webp');
  });

  it('refuses a script renamed .png', () => {
    expect(() => assertImage(Buffer.from('<script>alert(1)</script>'), 'profile_img')).toThrow('JPG, PNG, GIF ou WEBP');
  });

  it('refuses an image over 5 MB', () => {
    expect(() => assertImage(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'profile_img')).toThrow('5 Mo');
  });
});

describe('LocalDiskStorage', () => {
  it('writes under its root and answers a /media path', async () => {
    const root = mkdtempSync(join(tmpdir(), 'lms-media-'));
    const storage = new LocalDiskStorage(root);
    const path = await storage.put('profiles', 'png', png);
    expect(path).toMatch(/^\/media\/profiles\/[0-9a-f-]+\.png$/);
    expect(readFileSync(join(root, path.slice('/media/'.length)))).toEqual(png);
  });
});
