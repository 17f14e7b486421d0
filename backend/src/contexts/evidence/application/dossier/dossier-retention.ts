import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { Database } from '../../../../platform/database/database.js';
import { Jobs } from '../../../../platform/jobs/jobs.service.js';
import { Clock, NotFoundError } from '../../../../shared-kernel/index.js';
import { GeneratedDossier } from '../../domain/generated-dossier.aggregate.js';

export const DOSSIER_RETENTION_JOB = 'evidence.dossier-retention';
/** Every night at 03:30 (Europe/Paris). */
export const DOSSIER_RETENTION_SCHEDULE = '30 3 * * *';

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
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.define({ name: DOSSIER_RETENTION_JOB, retryLimit: 2, schedule: DOSSIER_RETENTION_SCHEDULE, handler: async () => void (await this.deleteExpired()) });
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
