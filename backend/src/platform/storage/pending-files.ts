import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError } from '../../shared-kernel/index.js';
import { MEDIA_PREFIX } from './media-storage.js';

/**
 * The bookkeeping of stored files no committed row owns (migration 126, docs/adr/0060): a node
 * killed between storing a file and committing the change that uses it, or between committing a
 * change and removing the file it replaced, leaves a line the hourly sweep acts on, on any node.
 * Every statement names its paths as one JSON array (a set, not a statement per file).
 */
export interface PendingFileBook {
  /** Names files about to be stored, committed at once: before any of their bytes reach the store. */
  staged(paths: readonly string[]): Promise<void>;
  /** The files were removed (or never stored): their lines go. */
  forget(paths: readonly string[]): Promise<void>;
  /**
   * Which of these files no committed change has taken (their line still reads « staged »): those a
   * failed change may remove. One whose commit's answer was lost (the connection dropped during
   * COMMIT) but which committed has no line any more, so its files stay.
   */
  stillStaged(paths: readonly string[]): Promise<string[]>;
  /**
   * In the transaction that commits a change: the staged files it keeps become owned (their lines
   * are taken; a line already gone means the sweep removed the file, and the change is refused), and
   * the files it replaces are named, to be removed once it has committed.
   */
  settle(transaction: EntityManager, kept: readonly string[], superseded: readonly string[]): Promise<void>;
}

/** The file a change was to keep is gone: staged so long ago (hours) that the sweep removed it. */
export class StagedFileSweptError extends ConflictError {
  constructor() {
    super('Le fichier envoyé a expiré avant l’enregistrement : envoyez-le de nouveau.');
  }
}

/**
 * The book in `media.pending_file`, through the ORM's connection: `fork` gives the entity manager that
 * runs each statement on its own (autocommit), made on first use only (most transactions store nothing).
 */
export class SqlPendingFileBook implements PendingFileBook {
  private forked: EntityManager | null = null;

  constructor(private readonly fork: () => EntityManager) {}

  private get outside(): EntityManager {
    this.forked ??= this.fork();
    return this.forked;
  }

  async staged(paths: readonly string[]): Promise<void> {
    if (paths.length === 0) return;
    await this.outside.execute(
      `insert into media.pending_file (path, reason) select p, 'staged' from jsonb_array_elements_text(?::jsonb) p on conflict (path) do nothing`,
      [JSON.stringify(paths)],
    );
  }

  async forget(paths: readonly string[]): Promise<void> {
    if (paths.length === 0) return;
    await this.outside.execute('delete from media.pending_file where path in (select jsonb_array_elements_text(?::jsonb))', [JSON.stringify(paths)]);
  }

  async stillStaged(paths: readonly string[]): Promise<string[]> {
    if (paths.length === 0) return [];
    const rows = await this.outside.execute<{ path: string }[]>(
      `select path from media.pending_file where reason = 'staged' and path in (select jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify(paths)],
    );
    return rows.map((row) => row.path);
  }

  async settle(transaction: EntityManager, keptPaths: readonly string[], supersededPaths: readonly string[]): Promise<void> {
    const kept = [...new Set(keptPaths)];
    // Once each (an insert cannot touch a row twice); only the store's own paths (`remove` ignores others).
    const superseded = [...new Set(supersededPaths)].filter((path) => path.startsWith(MEDIA_PREFIX));
    if (kept.length > 0) {
      const taken = await transaction.execute<{ path: string }[]>(
        `delete from media.pending_file where reason = 'staged' and path in (select jsonb_array_elements_text(?::jsonb)) returning path`,
        [JSON.stringify(kept)],
      );
      if (taken.length !== kept.length) throw new StagedFileSweptError();
    }
    if (superseded.length > 0) {
      await transaction.execute(
        `insert into media.pending_file (path, reason) select p, 'superseded' from jsonb_array_elements_text(?::jsonb) p
           on conflict (path) do update set reason = 'superseded', since = now()`,
        [JSON.stringify(superseded)],
      );
    }
  }
}
