import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Database } from '../database/database.js';
import { Jobs } from '../jobs/jobs.service.js';
import { MediaStorage } from './media-storage.js';

export const PENDING_FILES_SWEEP_JOB = 'media.pending-files-sweep';
/** Every hour at minute 41 (Europe/Paris): away from the night's jobs at the hour and the half-hour. */
export const PENDING_FILES_SWEEP_SCHEDULE = '41 * * * *';
/**
 * A staged file's transaction follows its staging within seconds (the upload to the store is done by
 * then; the transaction's tries last a second at most): six hours without it is a node that died.
 */
export const STAGED_FILE_ABANDONED_MS = 6 * 3_600_000;
/** A replaced file is removed right after its commit: ten minutes later, its node died or the store refused. */
export const SUPERSEDED_FILE_ABANDONED_MS = 10 * 60_000;

const BATCH = 200;

export interface PendingFilesSweepOutcome {
  removed: number;
  failed: number;
}

/**
 * Removes the stored files the book (`media.pending_file`, migration 126, docs/adr/0060) still names
 * long after their change: staged by a node killed before the commit, or replaced by a change whose
 * node died (or whose store refused) before removing them. Each file in one transaction: its line
 * taken (deleted, locked), the file removed, then the commit; a transaction that commits a staged
 * file meanwhile waits on the line, finds it gone and is refused (StagedFileSweptError), so no kept
 * file is ever removed. A removal that fails rolls back: the line stays for the next hour. Scheduled
 * on the job queue (one node per tick); running it twice removes nothing twice.
 */
@Injectable()
export class PendingFilesSweep implements OnModuleInit {
  private readonly logger = new Logger('Media');

  constructor(
    private readonly jobs: Jobs,
    private readonly db: Database,
    private readonly storage: MediaStorage,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.define({ name: PENDING_FILES_SWEEP_JOB, retryLimit: 1, schedule: PENDING_FILES_SWEEP_SCHEDULE, handler: async () => void (await this.sweep()) });
  }

  async sweep(ages: { stagedMs?: number; supersededMs?: number } = {}): Promise<PendingFilesSweepOutcome> {
    const stagedMs = ages.stagedMs ?? STAGED_FILE_ABANDONED_MS;
    const supersededMs = ages.supersededMs ?? SUPERSEDED_FILE_ABANDONED_MS;
    const abandoned = `((reason = 'staged' and since < now() - $1 * interval '1 millisecond') or (reason = 'superseded' and since < now() - $2 * interval '1 millisecond'))`;
    const outcome: PendingFilesSweepOutcome = { removed: 0, failed: 0 };
    const failedPaths: string[] = [];
    for (;;) {
      const rows = await this.db.query<{ path: string }>(
        `select path from media.pending_file where ${abandoned} and not (path = any($3::text[])) order by since, path limit ${BATCH}`,
        [stagedMs, supersededMs, failedPaths],
      );
      if (rows.length === 0) break;
      for (const { path } of rows) {
        try {
          const taken = await this.db.transaction(async (tx) => {
            const line = await tx.one(`delete from media.pending_file where path = $3 and ${abandoned} returning path`, [stagedMs, supersededMs, path]);
            if (line) await this.storage.remove(path);
            return line !== undefined;
          });
          if (taken) outcome.removed++;
        } catch (error) {
          outcome.failed++;
          failedPaths.push(path);
          this.logger.warn(`Fichier en attente non supprimé (${path}) : ${String(error)}`);
        }
      }
    }
    if (outcome.removed || outcome.failed) this.logger.log(`Fichiers abandonnés : ${outcome.removed} supprimé(s), ${outcome.failed} en échec (nouvel essai dans une heure).`);
    return outcome;
  }
}
