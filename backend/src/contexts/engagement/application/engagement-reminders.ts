import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../platform/aggregate-store/index.js';
import { NOT_YOURS } from '../../../platform/auth/ownership.js';
import { Database } from '../../../platform/database/database.js';
import { Jobs } from '../../../platform/jobs/jobs.service.js';
import { isUndeliverable, MailService } from '../../../platform/mail/mail.service.js';
import { Clock, ForbiddenError, NotFoundError, type Actor, knownByKey } from '../../../shared-kernel/index.js';
import type { AlertKind } from '../contracts/engagement.events.js';
import { EngagementReminder } from '../domain/engagement-reminder.aggregate.js';
import { automaticReminderDue, nextNth } from '../domain/engagement-rules.js';
import { EngagementSettings } from '../domain/engagement-settings.aggregate.js';
import { enrolmentKey, groupByEnrolment, judgeLearners, remindersOf, type JudgedLearner } from './learner-figures.js';

export const DAILY_REMINDERS_JOB = 'engagement.daily-reminders';
/** Every morning at 09:30 (Europe/Paris): learners read their mail in the day, the centre can answer them. */
export const DAILY_REMINDERS_SCHEDULE = '30 9 * * *';
/** How long a node holds an e-mail it is handing over to SMTP before another may take it (a node that died). */
const CLAIM_MINUTES = 10;

const lockKey = (studentId: number, courseId: number) => `engagement.reminder:${studentId}:${courseId}`;

const SUBJECTS: Record<AlertKind, (title: string) => string> = {
  not_started: (title) => `Votre formation « ${title} » vous attend`,
  inactive: (title) => `Reprenez votre formation « ${title} »`,
  behind: (title) => `Votre formation « ${title} » : où en êtes-vous ?`,
};

function reminderText(kind: AlertKind, name: string, title: string, figures: EngagementReminder['figures']): string {
  const intro = `Bonjour ${name},\n\n`;
  const body = {
    not_started: `Vous êtes inscrit(e) à la formation « ${title} » depuis ${figures.days} jours, mais vous ne l’avez pas encore commencée. Connectez-vous à votre espace pour ouvrir la première étape.`,
    inactive: `Nous n’avons pas vu d’activité sur la formation « ${title} » depuis ${figures.days} jours (progression : ${figures.percentage} %). Connectez-vous pour reprendre là où vous vous étiez arrêté(e).`,
    behind: `Votre session de la formation « ${title} » est écoulée à ${figures.expectedPercentage} %, et votre progression est de ${figures.percentage} %. Connectez-vous pour avancer à votre rythme et terminer dans les temps.`,
  }[kind];
  return `${intro}${body}\n\nSi vous rencontrez une difficulté, répondez à ce message ou écrivez à votre formateur depuis la messagerie de la plateforme : nous sommes là pour vous aider.\n`;
}

/**
 * The reminders (issue 29 item 5, docs/adr/0053). Decided once per rank of an alert (a
 * transaction lock per enrolment and the unique key (learner, course, kind, beginning, rank)), then
 * each e-mail handed to SMTP by the node that claimed its row, and recorded as mailed. Two nodes
 * running the job at once, or a node stopped in the middle, decide nothing twice and mail nothing
 * twice (a claim left by a dead node is taken again after CLAIM_MINUTES).
 */
@Injectable()
export class EngagementReminders implements OnModuleInit {
  private readonly logger = new Logger('Alertes d’assiduité');

  constructor(
    private readonly jobs: Jobs,
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.define({ name: DAILY_REMINDERS_JOB, retryLimit: 2, schedule: DAILY_REMINDERS_SCHEDULE, handler: async () => this.runDaily() });
  }

  async settings(): Promise<EngagementSettings> {
    return this.store.transaction(async (uow) => uow.load(EngagementSettings, { id: 1 }, () => new NotFoundError('Réglages des alertes introuvables.')));
  }

  /** Decides the reminders due today, then hands every e-mail not yet mailed to SMTP. */
  async runDaily(): Promise<{ decided: number; mailed: number }> {
    const settings = (await this.settings()).values();
    const now = this.clock.now();
    const learners = (await judgeLearners(this.db, settings, now)).filter((l) => l.alert !== null);
    const history = await remindersOf(this.db, learners);
    const byEnrolment = groupByEnrolment(history);
    let decided = 0;
    for (const learner of learners) {
      if (automaticReminderDue(learner.alert!, byEnrolment.get(enrolmentKey(learner.studentId, learner.courseId)) ?? [], settings, now) === null) continue;
      if (await this.decide(learner, null, null)) decided++;
    }
    return { decided, mailed: await this.deliver() };
  }

  /**
   * Records the reminder in one transaction queued on the enrolment, judging again there what the
   * reminders already recorded say (another node may have just decided it). `by` null: the job,
   * which sends only what is due; by hand: the next rank, whatever the limits.
   */
  async decide(learner: JudgedLearner, by: { role: 'admin' | 'teacher'; profileId: number } | null, requestKey: string | null, actor?: Actor): Promise<EngagementReminder | null> {
    const now = this.clock.now();
    const alert = learner.alert;
    return this.store.transaction(async (uow) => {
      if (requestKey !== null) {
        // The same « Relancer maintenant » again answers its reminder; a key someone else used, or for another learner, is refused.
        const known = knownByKey(await uow.em.findOne(EngagementReminder, { requestKey }), (r) =>
          r.studentId === learner.studentId && r.courseId === learner.courseId && r.byRole === (by?.role ?? null) && r.byId === (by?.profileId ?? null));
        if (known) return known;
      }
      // Read once this enrolment's lock is held: what a writer before this one committed is seen.
      const history = await remindersOf(this.db, [learner]);
      let nth: number | null = alert === null ? 0 : nextNth(alert, history);
      if (by === null && alert !== null) nth = automaticReminderDue(alert, history, (await uow.load(EngagementSettings, { id: 1 }, () => new NotFoundError('Réglages des alertes introuvables.'))).values(), now);
      if (nth === null) return null;
      const reminder = uow.add(new EngagementReminder(learner.studentId, learner.courseId, requestKey));
      reminder.decide(alert, nth, by, now);
      return reminder;
    }, { serialize: [lockKey(learner.studentId, learner.courseId)], actor });
  }

  /** Hands the e-mails not yet mailed (those `ids` only when given) to SMTP, each claimed first; returns how many went. */
  async deliver(ids: number[] | null = null): Promise<number> {
    const now = this.clock.now();
    const claimed = await this.db.query<{ id: number; student_id: number; course_id: number; kind: AlertKind; figures: EngagementReminder['figures'] }>(
      `update engagement.reminder set claimed_until = $1::timestamptz + make_interval(mins => $2)
        where id in (select id from engagement.reminder
                      where mailed_at is null and (claimed_until is null or claimed_until < $1) and ($3::int[] is null or id = any($3))
                      order by id limit 200 for update skip locked)
        returning id, student_id, course_id, kind, figures`,
      [now, CLAIM_MINUTES, ids],
    );
    let mailed = 0;
    for (const row of claimed.sort((a, b) => a.id - b.id)) {
      const to = await this.db.one<{ fullname: string; email: string; title: string }>(
        `select r.fullname, r.email, c.title from identity.student_record r, catalogue.course_summary c
          where r.id = $1 and c.course_id = $2 and r.closed_at is null and r.is_active`,
        [row.student_id, row.course_id],
      );
      const deliverable = to !== undefined && !isUndeliverable(to.email);
      if (deliverable) {
        try {
          await this.mail.send({
            to: to.email, subject: SUBJECTS[row.kind](to.title), text: reminderText(row.kind, to.fullname, to.title, row.figures),
            messageId: `<relance-${row.id}@engagement.lms>`,
          });
        } catch (error) {
          // Not handed over: released, so that the next run (or the job's retry) sends it.
          await this.db.query('update engagement.reminder set claimed_until = null where id = $1 and mailed_at is null', [row.id]);
          this.logger.warn(`Relance ${row.id} non envoyée : ${String(error)}`);
          continue;
        }
      }
      await this.store.transaction(async (uow) => {
        const reminder = await uow.load(EngagementReminder, { id: row.id }, () => new NotFoundError('Relance introuvable.'));
        reminder.mailed(deliverable, this.clock.now());
      }, { serialize: [`engagement.reminder-mail:${row.id}`] });
      if (deliverable) mailed++;
    }
    return mailed;
  }
}

/** « Relancer maintenant »: an admin, or the course's trainer, reminds a learner in alert at once. */
export class RemindLearner extends Command<{ reminderId: number; nth: number; kind: AlertKind; mailed: boolean }> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
    readonly requestKey: string | null,
  ) {
    super();
  }
}

@CommandHandler(RemindLearner)
export class RemindLearnerHandler implements ICommandHandler<RemindLearner> {
  constructor(
    private readonly reminders: EngagementReminders,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId, courseId, requestKey }: RemindLearner): Promise<{ reminderId: number; nth: number; kind: AlertKind; mailed: boolean }> {
    if (actor.role !== 'admin' && actor.role !== 'teacher') throw new ForbiddenError(NOT_YOURS);
    const settings = (await this.reminders.settings()).values();
    const [learner] = await judgeLearners(this.db, settings, this.clock.now(), { studentId, courseId });
    if (!learner) throw new NotFoundError('Inscription introuvable.');
    if (actor.role === 'teacher' && learner.teacherId !== actor.profileId) throw new ForbiddenError(NOT_YOURS);
    const reminder = await this.reminders.decide(learner, { role: actor.role, profileId: actor.profileId }, requestKey, actor);
    // The rule refused it when the learner is not in alert (NotInAlertError); by hand it is never null.
    await this.reminders.deliver([reminder!.id]);
    const mailed = await this.db.one<{ mailed: boolean }>('select mailed_at is not null and mail_delivered as mailed from engagement.reminder where id = $1', [reminder!.id]);
    return { reminderId: reminder!.id, nth: reminder!.nth, kind: reminder!.kind, mailed: mailed?.mailed ?? false };
  }
}
