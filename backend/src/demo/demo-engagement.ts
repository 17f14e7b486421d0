import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import { EngagementReminders } from '../contexts/engagement/testing.js';
import { AggregateStore } from '../platform/aggregate-store/index.js';
import { Database } from '../platform/database/database.js';
import { AppendSignal } from '../platform/event-log/append-signal.js';
import { EventLog } from '../platform/event-log/index.js';
import { Jobs } from '../platform/jobs/jobs.service.js';
import { MailService } from '../platform/mail/mail.service.js';
import { MediaStorage } from '../platform/storage/media-storage.js';
import { Clock } from '../shared-kernel/index.js';

/** When the demo's daily reminders last ran: three days before the seeding (within the 7-day interval, so none is due again today). */
export const DEMO_REMINDERS_DAYS_AGO = 3;

class FixedClock extends Clock {
  constructor(private readonly at: Date) {
    super();
  }

  now(): Date {
    return this.at;
  }
}

/**
 * The engagement alerts' history (issue 29 item 5, docs/adr/0053): the daily job ran three days
 * before the seeding, on a clock and an event log set then, as the server's own would have. It
 * reminded the learners in alert at that time — Nadia Benali, inactive on the pivot tables since
 * her two first steps, Karim Haddad, who never started it — so that « Relances envoyées » shows
 * them, with no activity since. Today, the list shows them again with that first reminder, beside
 * the learners whose session runs ahead of them.
 */
export async function seedDemoEngagement(app: INestApplicationContext): Promise<void> {
  const db = app.get(Database);
  // The progress figures are a projection of the log: wait until Nadia's study shows in them.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const row = await db.one(
      `select 1 from progress.student_course_figures f join identity.student_record r on r.id = f.student_id
        where r.username = 'nadia.benali' and f.last_activity_at is not null`,
    );
    if (row) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const then = new FixedClock(new Date(Date.now() - DEMO_REMINDERS_DAYS_AGO * 86_400_000));
  const past = new AggregateStore(app.get(MikroORM), new EventLog(then, app.get(AppendSignal)), app.get(MediaStorage));
  await new EngagementReminders(app.get(Jobs), past, db, app.get(MailService), then).runDaily();
}
