import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { StudentProfile, TeacherProfile } from '../../domain/profiles.js';

export interface ErasureReport {
  erased: number;
  cutoff: string;
}

/**
 * The retention period of closed accounts ended (`npm run accounts:purge`, docs/adr/0015): each
 * account closed before `now − retentionDays` has its personal data erased, one transaction and
 * one PersonalDataErased per account; ids, dates and every history stay.
 */
export class ErasePersonalData extends Command<ErasureReport> {
  constructor(readonly retentionDays: number) {
    super();
  }
}

@CommandHandler(ErasePersonalData)
export class ErasePersonalDataHandler implements ICommandHandler<ErasePersonalData> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ retentionDays }: ErasePersonalData): Promise<ErasureReport> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
    const due = await this.db.query<{ id: number; role: 'student' | 'teacher' }>(
      `select id, role from identity.account where closed_at < $1 and erased_at is null and role in ('student', 'teacher') order by id`,
      [cutoff],
    );
    for (const account of due) {
      await this.store.transaction(async (uow) => {
        const profile = account.role === 'student'
          ? await uow.find(StudentProfile, { account: account.id }, { populate: ['account'] })
          : await uow.find(TeacherProfile, { account: account.id }, { populate: ['account'] });
        uow.uploads.supersede(profile?.erase(now));
      });
    }
    return { erased: due.length, cutoff: cutoff.toISOString() };
  }
}
