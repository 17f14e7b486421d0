import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage, MediaStorage } from './media-storage.js';
import { Staged, StagedUploads } from './staged-uploads.js';
import { MemoryPendingFileBook } from './testing/memory-pending-file-book.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e2b3a40000000049454e44ae426082', 'hex');

function disk() {
  const root = mkdtempSync(join(tmpdir(), 'lms-staged-'));
  const storage = new LocalDiskStorage(root);
  const onDisk = (path: string) => existsSync(join(root, path.slice('/media/'.length)));
  const book = new MemoryPendingFileBook();
  return { storage, onDisk, book, staging: () => new StagedUploads(storage, book) };
}
/** The settle of a transaction's unit of work needs no entity manager with the memory book. */
const NO_TRANSACTION = null as never;

/** A package extracted to a local temporary directory, as step-media does before storing it. */
function extracted(index: string): string {
  const source = mkdtempSync(join(tmpdir(), 'lms-extracted-'));
  writeFileSync(join(source, 'imsmanifest.xml'), index);
  return source;
}

describe('StagedUploads', () => {
  it('removes what it stored when the transaction rolls back, and keeps the file it was to replace', async () => {
    const { storage, onDisk, book, staging } = disk();
    const current = await storage.put('profiles', 'png', PNG);
    const uploads = staging();
    const added = await uploads.putImage('profiles', PNG, 'profile_img');
    uploads.supersede(current);
    expect(onDisk(added)).toBe(true);
    expect(book.named('staged')).toEqual([added]);

    await uploads.rolledBack();

    expect(onDisk(added)).toBe(false);
    expect(onDisk(current)).toBe(true);
    expect(book.lines.size).toBe(0);
  });

  it('keeps what it stored once committed, and only then removes the file it replaced', async () => {
    const { storage, onDisk, staging } = disk();
    const current = await storage.put('profiles', 'png', PNG);
    const uploads = staging();
    const added = await uploads.put('profiles', 'png', PNG);
    uploads.supersede(current);
    expect(onDisk(current)).toBe(true);

    await uploads.committed();

    expect(onDisk(added)).toBe(true);
    expect(onDisk(current)).toBe(false);
  });

  function receivedFile(): string {
    const path = join(mkdtempSync(join(tmpdir(), 'lms-upload-')), 'video.tmp');
    writeFileSync(path, 'octets de la vidéo');
    return path;
  }

  it('moves a received file in, and removes it when the transaction rolls back', async () => {
    const { storage, onDisk, staging } = disk();
    const current = await storage.put('videos', 'webm', PNG);
    const source = receivedFile();
    const uploads = staging();
    const added = await uploads.putFile('videos', 'webm', source);
    uploads.supersede(current);
    expect(existsSync(source)).toBe(false);
    expect(onDisk(added)).toBe(true);

    await uploads.rolledBack();

    expect(onDisk(added)).toBe(false);
    expect(onDisk(current)).toBe(true);
  });

  it('keeps a moved file once committed, and removes the one it replaced', async () => {
    const { storage, onDisk, staging } = disk();
    const current = await storage.put('videos', 'mp4', PNG);
    const uploads = staging();
    const added = await uploads.putFile('videos', 'mp4', receivedFile());
    uploads.supersede(current);

    await uploads.committed();

    expect(onDisk(added)).toBe(true);
    expect(onDisk(current)).toBe(false);
  });

  it('removes a stored package and everything extracted into it when the transaction rolls back', async () => {
    const { onDisk, staging } = disk();
    const uploads = staging();
    const publicPath = await uploads.putDirectory('scorm', extracted('<manifest/>'));
    expect(onDisk(`${publicPath}/imsmanifest.xml`)).toBe(true);

    await uploads.rolledBack();

    expect(onDisk(publicPath)).toBe(false);
  });

  it('keeps a stored package once committed, and removes the package it replaced with its content', async () => {
    const { storage, onDisk, staging } = disk();
    const previous = await storage.putDirectory('scorm', extracted('<p>v1</p>'));
    const uploads = staging();
    const next = await uploads.putDirectory('scorm', extracted('<p>v2</p>'));
    uploads.supersede(previous);

    await uploads.committed();

    expect(onDisk(next)).toBe(true);
    expect(onDisk(previous)).toBe(false);
  });

  it('refuses bytes that are not an image before storing anything', async () => {
    const { storage, book, staging } = disk();
    await expect(staging().putImage('courses', Buffer.from('<svg/>'), 'featured_img')).rejects.toMatchObject({ field: 'featured_img' });
    expect(existsSync(join(storage.root, 'courses'))).toBe(false);
    expect(book.lines.size).toBe(0);
  });

  it('never turns a done change into an error when a file cannot be removed, and leaves its line for the sweep', async () => {
    class FailingRemoval extends MediaStorage {
      putFileAt = async () => undefined;
      putDirectoryAt = async () => undefined;
      write = async () => undefined;
      open = async () => null;
      list = async () => [];
      isAvailable = async () => true;
      remove = async () => {
        throw new Error('disque plein');
      };
      protected assertPath(): void {}
    }
    const book = new MemoryPendingFileBook();
    const uploads = new StagedUploads(new FailingRemoval(), book);
    const paths = [await uploads.put('x', 'png', PNG), await uploads.putFile('x', 'mp4', '/tmp/x'), await uploads.putDirectory('x', '/tmp/x')];
    uploads.supersede('/media/x/old.png');
    await expect(uploads.committed()).resolves.toBeUndefined();
    await expect(uploads.rolledBack()).resolves.toBeUndefined();
    expect(book.named('staged')).toEqual(paths.sort());
  });

  it('adopts files staged before the transaction: kept when the work keeps them and commits, removed otherwise', async () => {
    const { storage, onDisk, book, staging } = disk();
    const stage = async () => {
      const early = staging();
      return new Staged(await early.put('homework/1', 'pdf', PNG), early);
    };
    const replaced = await storage.put('homework/1', 'pdf', PNG);
    const kept = await stage();
    expect(book.named('staged')).toEqual([kept.value]);
    const work = new StagedUploads(storage, book, { adopted: kept });
    expect(work.keep(kept)).toBe(kept.value);
    work.supersede(replaced);
    // In the transaction: the kept file's line taken, the replaced file named; after the commit, it is removed and its line goes.
    await work.settle(NO_TRANSACTION);
    expect([book.named('staged'), book.named('superseded')]).toEqual([[], [replaced]]);
    await work.committed();
    expect([onDisk(kept.value), onDisk(replaced), book.lines.size]).toEqual([true, false, 0]);

    // A retry that found the first outcome by its key does not keep its copy: removed at the commit.
    const unused = await stage();
    const retry = new StagedUploads(storage, book, { adopted: unused });
    await retry.settle(NO_TRANSACTION);
    expect(book.named('staged')).toEqual([unused.value]);
    await retry.committed();
    expect([onDisk(unused.value), book.lines.size]).toEqual([false, 0]);

    // Files staged for another transaction cannot be kept by this one.
    const other = await stage();
    expect(() => new StagedUploads(storage, book, { adopted: unused }).keep(other)).toThrow('Ces fichiers ont été préparés pour une autre transaction');
    // Nothing is uploaded inside a transaction.
    await expect(work.put('homework/1', 'pdf', PNG)).rejects.toThrow('Un fichier se stocke avant la transaction');
    await expect(work.putFile('homework/1', 'pdf', receivedFile())).rejects.toThrow('Un fichier se stocke avant la transaction');
    await expect(work.putDirectory('scorm', extracted('<manifest/>'))).rejects.toThrow('Un fichier se stocke avant la transaction');
    await expect(work.putImage('courses', PNG, 'featured_img')).rejects.toThrow('Un fichier se stocke avant la transaction');
    await other.uploads.rolledBack();
    expect([onDisk(other.value), book.lines.size]).toEqual([false, 0]);
  });

  it('refuses to keep a staged file whose line the sweep already took (the file is gone)', async () => {
    const { storage, book, staging } = disk();
    const early = staging();
    const staged = new Staged(await early.put('homework/1', 'pdf', PNG), early);
    await book.forget([staged.value]);
    const work = new StagedUploads(storage, book, { adopted: staged });
    work.keep(staged);
    await expect(work.settle(NO_TRANSACTION)).rejects.toThrow('Le fichier envoyé a expiré');
  });
});
