import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

  const store = () => new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'lms-media-')));
  function sourceFile(directory = mkdtempSync(join(tmpdir(), 'lms-upload-')), bytes = Buffer.from('contenu de la vidéo')): string {
    const path = join(directory, 'reçu.tmp');
    writeFileSync(path, bytes);
    return path;
  }

  it('moves a received file under its folder: the source is gone, the bytes are there', async () => {
    const storage = store();
    const source = sourceFile();
    const path = await storage.putFile('videos', 'webm', source);
    expect(path).toMatch(/^\/media\/videos\/[0-9a-f-]{36}\.webm$/);
    expect(existsSync(source)).toBe(false);
    expect(readFileSync(storage.absolutePathOf(path), 'utf8')).toBe('contenu de la vidéo');
  });

  const shm = '/dev/shm';
  const otherFileSystem = existsSync(shm) && statSync(shm).dev !== statSync(tmpdir()).dev;
  (otherFileSystem ? it : it.skip)('copies a file from another file system as a stream, then removes the source', async () => {
    const storage = store();
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    const elsewhere = mkdtempSync(join(shm, 'lms-upload-'));
    try {
      const source = sourceFile(elsewhere, bytes);
      const path = await storage.putFile('videos', 'mp4', source);
      expect(existsSync(source)).toBe(false);
      expect(readFileSync(storage.absolutePathOf(path)).equals(bytes)).toBe(true);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('leaves nothing behind when the source does not exist', async () => {
    const storage = store();
    await expect(storage.putFile('videos', 'mp4', join(tmpdir(), 'absent-lms.tmp'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(existsSync(join(storage.root, 'videos')) ? readdirSync(join(storage.root, 'videos')) : []).toEqual([]);
  });

  it('moves an extracted package into a directory of its own, and removes it with its content', async () => {
    const storage = store();
    const extracted = (name: string) => {
      const source = mkdtempSync(join(tmpdir(), 'lms-extracted-'));
      mkdirSync(join(source, 'res/js'), { recursive: true });
      writeFileSync(join(source, 'res/js/api.js'), '// SCORM');
      writeFileSync(join(source, 'imsmanifest.xml'), name);
      return source;
    };
    const source = extracted('<manifest/>');
    const a = await storage.putDirectory('scorm', source);
    const b = await storage.putDirectory('scorm', extracted('<b/>'));
    expect(a).toMatch(/^\/media\/scorm\/[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
    expect(existsSync(source)).toBe(false);
    expect((await storage.readAll(`${a}/res/js/api.js`))?.toString()).toBe('// SCORM');
    expect(await storage.exists(`${a}/imsmanifest.xml`)).toBe(true);

    await storage.remove(a);

    expect(existsSync(storage.absolutePathOf(a))).toBe(false);
    expect(existsSync(storage.absolutePathOf(b))).toBe(true);
  });

  it('removes files, ignores what is already gone, and never empties a folder it did not allocate', async () => {
    const storage = store();
    const path = await storage.put('profiles', 'png', png);
    await storage.remove(path);
    expect(existsSync(storage.absolutePathOf(path))).toBe(false);
    await expect(storage.remove(path)).resolves.toBeUndefined();
    await expect(storage.remove('https://ailleurs.example/x.png')).resolves.toBeUndefined();
    const kept = await storage.put('courses', 'png', png);
    await expect(storage.remove('/media/courses')).rejects.toThrow('Chemin de fichier invalide.');
    await expect(storage.remove('/media/')).rejects.toThrow('Chemin de fichier invalide.');
    expect(existsSync(storage.absolutePathOf(kept))).toBe(true);
  });

  it.each(['/media/../secrets.json', '/media/courses/../../secrets.json', '/media/', '/media/..', '/profiles/a.png', '/media/a\0b', 'media/a.png'])(
    'refuses the path %j',
    (publicPath) => {
      expect(() => store().absolutePathOf(publicPath)).toThrow('Chemin de fichier invalide.');
    },
  );

  it('refuses a folder that leaves the root, even beside it with the same prefix', async () => {
    const storage = store();
    await expect(storage.put('../elsewhere', 'png', png)).rejects.toThrow('Chemin de fichier invalide.');
    await expect(storage.putDirectory(`../${storage.root.split('/').at(-1)}-evil`, join(tmpdir(), 'absent-lms-dir'))).rejects.toThrow('Chemin de fichier invalide.');
    expect(existsSync(`${storage.root}-evil`)).toBe(false);
    expect(dirname(storage.absolutePathOf('/media/x/y.png'))).toBe(join(storage.root, 'x'));
  });
});
