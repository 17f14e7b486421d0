import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { Database } from '../../../../platform/database/database.js';
import { Jobs } from '../../../../platform/jobs/jobs.service.js';
import { Clock, NotFoundError } from '../../../../shared-kernel/index.js';
import { GeneratedDossier } from '../../domain/generated-dossier.aggregate.js';
import { DossierBatchRunner } from './dossier-batch.js';

export const DOSSIER_RETENTION_JOB = 'evidence.dossier-retention';
/** Every night at 03:30 (Europe/Paris). */
export const DOSSIER_RETENTION_SCHEDULE = '30 3 * * *';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Deletes the stored ZIPs of dossiers generated more than PERSONAL_DATA_RETENTION_DAYS ago (docs/adr/0036),
 * one transaction each: the row keeps its hashes and reads « supprimé », `DossierFileDeleted` is
 * recorded, the file is removed once that commits. The events stay. Scheduled on the job queue;
 * running it twice deletes nothing twice.
 */
@Injectable()
export class DossierRetention implements OnModuleInit {
  constructor(
    private readonly jobs: Jobs,
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly batches: DossierBatchRunner,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.define({
      name: DOSSIER_RETENTION_JOB,
      retryLimit: 2,
      schedule: DOSSIER_RETENTION_SCHEDULE,
      handler: async () => {
        await this.deleteExpired();
        await this.sweepAbandonedLots();
      },
    });
  }

  /**
   * Removes the parts a batch left in DATA_DIR/dossier-lots/{job} when no try of it will come back
   * (failed after its last try, cancelled, or no longer kept by the queue): learners' personal data
   * must not outlive the batch. A batch under way or waiting for a retry keeps its parts, and so does
   * any folder touched within the day. Only a node running the queue can tell: others sweep nothing.
   * The ZIPs such batches stored and no dossier owns go too, whichever node stored them.
   * Returns the job ids whose parts were removed.
   */
  async sweepAbandonedLots(): Promise<string[]> {
    if (!this.jobs.running) return [];
    const root = join(this.config.dataDir, 'dossier-lots');
    const names = await readdir(root).catch(() => [] as string[]);
    const recent = this.clock.now().getTime() - 86_400_000;
    const removed: string[] = [];
    for (const name of names) {
      if (!UUID.test(name)) continue;
      const folder = join(root, name);
      const touched = await stat(folder).then((s) => s.mtimeMs, () => null);
      if (touched === null || touched > recent) continue;
      const status = await this.jobs.status(name);
      if (status && !['failed', 'cancelled', 'completed'].includes(status.state)) continue;
      await this.batches.removeUnsavedZips(name);
      await rm(folder, { recursive: true, force: true });
      removed.push(name);
    }
    // The ZIPs of abandoned batches whose folder is on another node's disk (or gone with it).
    const left = await this.db.query<{ job_id: string }>('select distinct job_id from evidence.dossier_lot_upload where stored_at < $1', [new Date(recent)]);
    for (const { job_id: jobId } of left) {
      const status = UUID.test(jobId) ? await this.jobs.status(jobId) : null;
      if (status && !['failed', 'cancelled', 'completed'].includes(status.state)) continue;
      await this.batches.removeUnsavedZips(jobId);
    }
    return removed;
  }

  /** Returns the ids of the dossiers whose file was deleted. */
  async deleteExpired(): Promise<number[]> {
    const now = this.clock.now();
    const limit = new Date(now.getTime() - this.config.personalDataRetentionDays * 86_400_000);
    const rows = await this.db.query<{ id: number }>('select id from evidence.generated_dossier where file_path is not null and generated_at < $1 order by id', [limit]);
    const deleted: number[] = [];
    for (const { id } of rows) {
      const done = await this.store.transaction(async (uow) => {
        const dossier = await uow.load(GeneratedDossier, { id }, () => new NotFoundError('Dossier de preuves introuvable.'));
        if (dossier.generatedAt >= limit) return false;
        const path = dossier.deleteFile(now);
        if (path) uow.uploads.supersede(path);
        return path !== null;
      });
      if (done) deleted.push(id);
    }
    return deleted;
  }
}
