import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { InvalidInputError } from '../../shared-kernel/index.js';
import { IMAGE_VARIANT_FOLDERS, makeImageVariants, variantPathsOf } from './image-variants.js';
import { assertImage, type MediaStorage } from './media-storage.js';
import type { PendingFileBook } from './pending-files.js';

/**
 * The files one unit of work writes. A file stored during the work is removed if its transaction
 * rolls back; a file it replaces is removed only once the transaction has committed. So neither a
 * failed change nor a successful one leaves an orphan, and a failed change never loses the file
 * still in use. The aggregate store opens one per transaction; every upload goes through it.
 *
 * What a node killed half-way would leave is in the book (`PendingFileBook`, docs/adr/0060): a file
 * is named there, committed, before it is stored; the transaction that keeps it takes its line as
 * it commits, and names the files it replaces there; a line goes once its file is removed. The
 * hourly sweep removes what a line still names.
 */
export class StagedUploads {
  private readonly stored: string[] = [];
  private readonly superseded: string[] = [];
  /** Whether the work kept the files staged before its transaction (`keep`). */
  private keptStaged = false;
  private readonly adopted: Staged<unknown> | undefined;

  /**
   * `transaction`: the uploads of a transaction's unit of work, which stores nothing itself (files
   * reach the store before it opens, `AggregateStore.stage`, docs/adr/0060) and may keep those
   * `adopted`; it records what the change replaces. Without it: a staging, which stores.
   */
  constructor(
    private readonly storage: MediaStorage,
    private readonly book: PendingFileBook,
    private readonly transaction?: { adopted?: Staged<unknown> },
  ) {
    this.adopted = transaction?.adopted;
  }

  /**
   * The files staged before the transaction, used by this change: kept if it commits. Staged files
   * the work does not keep (a retry finding the first outcome by its key, docs/adr/0022) are
   * removed once it commits, and every staged file is removed if it does not.
   */
  keep<S>(staged: Staged<S>): S {
    if (staged !== this.adopted) throw new Error('Ces fichiers ont été préparés pour une autre transaction (options.staged).');
    this.keptStaged = true;
    return staged.value;
  }

  async put(folder: string, extension: string, bytes: Buffer): Promise<string> {
    const path = await this.name(folder, `${randomUUID()}.${extension}`);
    await this.storage.write(path, bytes);
    return path;
  }

  /** Moves a received file (an UploadedFile's `path`) into the store: removed again if the transaction rolls back. */
  async putFile(folder: string, extension: string, sourcePath: string): Promise<string> {
    const path = await this.name(folder, `${randomUUID()}.${extension}`);
    await this.storage.putFileAt(path, sourcePath);
    return path;
  }

  /** Moves an extracted package's local directory into the store: removed with its content if the transaction rolls back. */
  async putDirectory(folder: string, sourceDirectory: string): Promise<string> {
    const path = await this.name(folder, randomUUID());
    await this.storage.putDirectoryAt(path, sourceDirectory);
    return path;
  }

  /**
   * Checks the bytes are an image (by content, 5 MB), then stages it; in a folder whose images are
   * shown large, with its responsive copies (image-variants.ts), staged with it. An image whose
   * header looks right but that cannot be decoded is refused: it could not be shown either.
   */
  async putImage(folder: string, bytes: Buffer, field: string): Promise<string> {
    const path = await this.name(folder, `${randomUUID()}.${assertImage(bytes, field)}`, { withVariants: true });
    await this.storage.write(path, bytes);
    if (!(IMAGE_VARIANT_FOLDERS as readonly string[]).includes(folder)) return path;
    try {
      await makeImageVariants(this.storage, path, bytes);
    } catch (error) {
      // The disk's errors (ENOSPC, EACCES…) carry a code and are the server's; libvips's are the image's.
      if (typeof (error as NodeJS.ErrnoException).code === 'string') throw error;
      throw new InvalidInputError("L'image n'a pas pu être lue : envoyez une image JPG, PNG, GIF ou WEBP valide d'au plus 50 millions de pixels.", field);
    }
    return path;
  }

  /** The file at `path` is no longer used once this unit of work commits (with its responsive copies, if any). */
  supersede(path: string | null | undefined): void {
    if (path) this.superseded.push(path, ...variantPathsOf(path));
  }

  /**
   * A new path under `folder`, named in the book (committed) and tracked before anything is stored
   * at it: a node killed while storing leaves a line, and a rollback removes what got stored.
   */
  private async name(folder: string, name: string, options: { withVariants?: boolean } = {}): Promise<string> {
    if (this.transaction) throw new Error('Un fichier se stocke avant la transaction : AggregateStore.stage puis uow.uploads.keep (docs/adr/0060).');
    const path = this.storage.newPath(folder, name);
    const paths = [path, ...(options.withVariants ? variantPathsOf(path) : [])];
    await this.book.staged(paths);
    this.stored.push(...paths);
    return path;
  }

  /**
   * Inside the transaction, before it commits: the staged files it keeps are taken out of the book,
   * the files it replaces written into it (both undone with the transaction if it rolls back).
   */
  async settle(transaction: EntityManager): Promise<void> {
    const kept = this.keptStaged && this.adopted ? this.adopted.uploads.stored : [];
    await this.book.settle(transaction, kept, this.superseded);
  }

  /**
   * The change failed: what it staged is removed, unless a committed change took it (a commit whose
   * answer was lost still committed; the book knows). If the book cannot be read, nothing is removed:
   * the lines stay, and the sweep removes what no change took.
   */
  async rolledBack(): Promise<void> {
    this.superseded.length = 0;
    const staged = this.stored.splice(0);
    if (staged.length === 0) return;
    let untaken: string[];
    try {
      untaken = await this.book.stillStaged(staged);
    } catch (error) {
      new Logger('Media').warn(`Fichiers préparés laissés au balayage (${staged.length}) : ${String(error)}`);
      return;
    }
    await this.removeAll(untaken);
  }

  async committed(): Promise<void> {
    this.stored.length = 0;
    await this.removeAll(this.superseded.splice(0));
    if (this.adopted) {
      if (this.keptStaged) this.adopted.uploads.stored.length = 0;
      else await this.adopted.uploads.rolledBack();
    }
  }

  /**
   * Removes the files, then their lines in the book. A file that cannot be removed keeps its line
   * (the sweep tries again) and is logged, never allowed to turn a done change into an error.
   */
  private async removeAll(paths: string[]): Promise<void> {
    const removed: string[] = [];
    for (const path of paths) {
      try {
        await this.storage.remove(path);
        removed.push(path);
      } catch (error) {
        new Logger('Media').warn(`Fichier non supprimé (${path}) : ${String(error)}`);
      }
    }
    try {
      await this.book.forget(removed);
    } catch (error) {
      new Logger('Media').warn(`Fichiers supprimés, restés dans media.pending_file (le balayage les retirera) : ${String(error)}`);
    }
  }
}

/**
 * Files stored before a transaction opens (docs/adr/0060): a 2 GB video uploads to the object store
 * while no row is locked and no transaction waits, idle. `value` is what the staging made of them
 * (paths, a measured duration, a manifest); `AggregateStore.transaction(work, { staged })` adopts
 * them, the work keeps them (`uow.uploads.keep(staged)`), and they are removed if it does not commit.
 */
export class Staged<S> {
  constructor(
    readonly value: S,
    readonly uploads: StagedUploads,
  ) {}
}
