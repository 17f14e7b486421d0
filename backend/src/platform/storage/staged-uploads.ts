import { Logger } from '@nestjs/common';
import { InvalidInputError } from '../../shared-kernel/index.js';
import { IMAGE_VARIANT_FOLDERS, makeImageVariants, variantPathsOf } from './image-variants.js';
import { assertImage, type MediaStorage } from './media-storage.js';

/**
 * The files one unit of work writes. A file stored during the work is removed if its transaction
 * rolls back; a file it replaces is removed only once the transaction has committed. So neither a
 * failed change nor a successful one leaves an orphan, and a failed change never loses the file
 * still in use. The aggregate store opens one per transaction; every upload goes through it.
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
    this.assertStaging();
    return this.track(await this.storage.put(folder, extension, bytes));
  }

  /** Moves a received file (an UploadedFile's `path`) into the store: removed again if the transaction rolls back. */
  async putFile(folder: string, extension: string, sourcePath: string): Promise<string> {
    this.assertStaging();
    return this.track(await this.storage.putFile(folder, extension, sourcePath));
  }

  /** Moves an extracted package's local directory into the store: removed with its content if the transaction rolls back. */
  async putDirectory(folder: string, sourceDirectory: string): Promise<string> {
    this.assertStaging();
    return this.track(await this.storage.putDirectory(folder, sourceDirectory));
  }

  /**
   * Checks the bytes are an image (by content, 5 MB), then stages it; in a folder whose images are
   * shown large, with its responsive copies (image-variants.ts), staged with it. An image whose
   * header looks right but that cannot be decoded is refused: it could not be shown either.
   */
  async putImage(folder: string, bytes: Buffer, field: string): Promise<string> {
    const path = await this.put(folder, assertImage(bytes, field), bytes);
    if (!(IMAGE_VARIANT_FOLDERS as readonly string[]).includes(folder)) return path;
    this.stored.push(...variantPathsOf(path));
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

  /** No upload inside a transaction: it would hold the transaction open, idle, for the whole upload. */
  private assertStaging(): void {
    if (this.transaction) throw new Error('Un fichier se stocke avant la transaction : AggregateStore.stage puis uow.uploads.keep (docs/adr/0060).');
  }

  private track(path: string): string {
    this.stored.push(path);
    return path;
  }

  async rolledBack(): Promise<void> {
    await this.removeAll(this.stored.splice(0));
    this.superseded.length = 0;
  }

  async committed(): Promise<void> {
    this.stored.length = 0;
    await this.removeAll(this.superseded.splice(0));
    if (this.adopted) await (this.keptStaged ? this.adopted.uploads.committed() : this.adopted.uploads.rolledBack());
  }

  // A file that cannot be removed is logged, never allowed to turn a done change into an error.
  private async removeAll(paths: string[]): Promise<void> {
    for (const path of paths) {
      try {
        await this.storage.remove(path);
      } catch (error) {
        new Logger('Media').warn(`Fichier non supprimé (${path}) : ${String(error)}`);
      }
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
