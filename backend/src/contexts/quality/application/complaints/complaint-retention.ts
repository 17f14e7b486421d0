import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { Database } from '../../../../platform/database/database.js';
import { Jobs } from '../../../../platform/jobs/jobs.service.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { Complaint } from '../../domain/complaint.aggregate.js';
import { ComplaintNotFoundError } from './complaint.queries.js';

export const COMPLAINT_RETENTION_JOB = 'quality.complaint-retention';
/** Every night at 03:45 (Europe/Paris). */
export const COMPLAINT_RETENTION_SCHEDULE = '45 3 * * *';

/**
 * Erases the name, e-mail and phone of visitors whose complaint was treated or closed more than
 * COMPLAINT_VISITOR_RETENTION_DAYS ago (docs/adr/0048), one transaction each, recording
 * `ComplaintFilerDataErased`; the complaint's facts (category, course, text, dates, answers, action)
 * stay. A complaint still being handled keeps its filer's contact. Scheduled on the job queue;
 * running it twice erases nothing twice.
 */
@Injectable()
export class ComplaintRetention implements OnModuleInit {
  constructor(
    private readonly jobs: Jobs,
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.define({
      name: COMPLAINT_RETENTION_JOB,
      retryLimit: 2,
      schedule: COMPLAINT_RETENTION_SCHEDULE,
      handler: async () => ({ erased: await this.eraseExpired() }),
    });
  }

  /** Returns the ids of the complaints whose visitor's contact was erased. */
  async eraseExpired(): Promise<number[]> {
    const now = this.clock.now();
    const limit = new Date(now.getTime() - this.config.complaints.visitorRetentionDays * 86_400_000);
    const rows = await this.db.query<{ id: number }>(
      `select id from quality.complaint
        where filer_kind = 'visitor' and filer_data_erased_at is null and status in ('traitee', 'close')
          and coalesce(closed_at, treated_at) < $1 order by id`,
      [limit],
    );
    const erased: number[] = [];
    for (const { id } of rows) {
      const done = await this.store.transaction(async (uow) => {
        const complaint = await uow.load(Complaint, { id }, () => new ComplaintNotFoundError());
        // A complaint handled again (back to « en cours ») keeps its contact until it is treated again.
        const since = complaint.closedAt ?? complaint.treatedAt;
        if (since === null || since >= limit || (complaint.status !== 'traitee' && complaint.status !== 'close')) return false;
        return complaint.eraseFilerData(now);
      }, { serialize: [`quality.complaint:${id}`] });
      if (done) erased.push(id);
    }
    return erased;
  }
}
