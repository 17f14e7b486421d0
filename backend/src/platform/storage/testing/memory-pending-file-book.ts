import type { PendingFileBook } from '../pending-files.js';
import { StagedFileSweptError } from '../pending-files.js';

/**
 * The book of pending files held in memory, for the unit specs of what stages files (no database):
 * the same rules as `SqlPendingFileBook` (a kept file's line must still be there), its lines readable.
 * The SQL book is specified against PostgreSQL (uploads-before-transaction.api.spec.ts).
 */
export class MemoryPendingFileBook implements PendingFileBook {
  readonly lines = new Map<string, 'staged' | 'superseded'>();

  async staged(paths: readonly string[]): Promise<void> {
    for (const path of paths) if (!this.lines.has(path)) this.lines.set(path, 'staged');
  }

  async forget(paths: readonly string[]): Promise<void> {
    for (const path of paths) this.lines.delete(path);
  }

  async stillStaged(paths: readonly string[]): Promise<string[]> {
    return paths.filter((path) => this.lines.get(path) === 'staged');
  }

  async settle(_transaction: unknown, kept: readonly string[], superseded: readonly string[]): Promise<void> {
    if (kept.some((path) => this.lines.get(path) !== 'staged')) throw new StagedFileSweptError();
    for (const path of kept) this.lines.delete(path);
    for (const path of superseded) this.lines.set(path, 'superseded');
  }

  /** The paths named for `reason`, sorted. */
  named(reason: 'staged' | 'superseded'): string[] {
    return [...this.lines].filter(([, r]) => r === reason).map(([path]) => path).sort();
  }
}
