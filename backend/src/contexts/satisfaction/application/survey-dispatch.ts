import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../platform/aggregate-store/index.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { Database } from '../../../platform/database/database.js';
import { Jobs } from '../../../platform/jobs/jobs.service.js';
import { Clock, ConflictError, NotFoundError, parisCalendarDate } from '../../../shared-kernel/index.js';
import { COURSE_ENROLMENT, ENROLMENT_CONTACT, SESSION_LEARNER, SESSION_TRAINER, TRAINING_SESSION_SUMMARY } from '../../enrolment/contracts/enrolment.read-models.js';
import { STUDENT_RECORD } from '../../identity/contracts/identity.read-models.js';
import { GetStudentSummaries, GetTeacherContacts } from '../../identity/contracts/identity.queries.js';
import { STUDENT_COURSE_FIGURES } from '../../learning-progress/contracts/learning-progress.read-models.js';
import { SurveyInvitation } from '../domain/invitation.aggregate.js';
import type { QuestionnaireKind } from '../contracts/satisfaction.events.js';
import { inviteContactOnce, type ContactKind } from './survey.commands.js';

export const SURVEY_DISPATCH_JOB = 'satisfaction.dispatch';
/** Every morning at 09:15 (Europe/Paris). */
export const SURVEY_DISPATCH_SCHEDULE = '15 9 * * *';
const BATCH = 500;

export interface DispatchOutcome {
  invited: number[];
  reminded: number[];
}

/**
 * The daily work of the job `satisfaction.dispatch` (docs/adr/0054), idempotent: invites every
 * learner whose course ended (completed, or their session's last day passed) to the active « à
 * chaud » questionnaires, and `cold_delay_days` later to the « à froid » ones; the enrolments'
 * employer and funder contacts and the sessions' trainers to theirs; then reminds every
 * open invitation whose reminder is due. Each invitation and reminder is an event recorded under
 * the invitation's lock and only if its state says it is due, so two nodes running it at once, or
 * a run again after a restart, send each exactly once (the e-mails follow the events, SurveyMailPolicy).
 */
@Injectable()
export class SurveyDispatch implements OnModuleInit {
  private readonly logger = new Logger('Questionnaires');

  constructor(
    private readonly jobs: Jobs,
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.define({
      name: SURVEY_DISPATCH_JOB,
      retryLimit: 2,
      schedule: SURVEY_DISPATCH_SCHEDULE,
      handler: async () => {
        const outcome = await this.run();
        return { invited: outcome.invited.length, reminded: outcome.reminded.length };
      },
    });
  }

  async run(): Promise<DispatchOutcome> {
    const invited = [...(await this.invite()), ...(await this.inviteContacts()), ...(await this.inviteTrainers())];
    const reminded = await this.remind();
    if (invited.length + reminded.length > 0) this.logger.log(`Questionnaires : ${invited.length} envoi(s), ${reminded.length} relance(s).`);
    return { invited, reminded };
  }

  private async invite(): Promise<number[]> {
    const now = this.clock.now();
    const today = parisCalendarDate(now);
    const questionnaires = await this.db.query<{ id: number; kind: QuestionnaireKind; course_id: number | null; cold_delay_days: number }>(
      `select id, kind, course_id, cold_delay_days from satisfaction.questionnaire where active and kind in ('chaud', 'froid') order by id`,
    );
    const done: number[] = [];
    for (const q of questionnaires) {
      // A learner's course ended on the day they completed it, or on their session's last day, the earlier.
      const due = await this.db.query<{ student_id: number; course_id: number; session_id: number | null; due_on: string }>(
        `with ended as (
           select ce.student_id, ce.course_id, sl.session_id,
                  least((f.completed_at at time zone 'Europe/Paris')::date, s.end_date) as ended_on
             from ${COURSE_ENROLMENT} ce
             left join ${STUDENT_COURSE_FIGURES} f on f.student_id = ce.student_id and f.course_id = ce.course_id
             left join ${SESSION_LEARNER} sl on sl.student_id = ce.student_id and sl.course_id = ce.course_id and sl.left_at is null
             left join ${TRAINING_SESSION_SUMMARY} s on s.session_id = sl.session_id
            where ($1::int is null or ce.course_id = $1))
         select student_id, course_id, session_id, to_char(ended_on + $2::int, 'YYYY-MM-DD') as due_on
           from ended e
           -- A closed account is not asked, nor left in the batch (it would fill it every day).
           join ${STUDENT_RECORD} r on r.id = e.student_id and r.closed_at is null
          where ended_on is not null and ended_on + $2::int <= $3::date
            and not exists (select 1 from satisfaction.invitation i where i.questionnaire_id = $4 and i.student_id = e.student_id and i.course_id = e.course_id)
          order by student_id, course_id limit ${BATCH}`,
        [q.course_id, q.cold_delay_days, today, q.id],
      );
      if (due.length === 0) continue;
      const people = await this.queries.execute(new GetStudentSummaries([...new Set(due.map((d) => d.student_id))]));
      for (const row of due) {
        const person = people.get(row.student_id);
        if (!person) continue; // a closed account is not asked
        const id = await this.store.transaction(async (uow) => {
          const known = await uow.em.findOne(SurveyInvitation, { questionnaireId: q.id, studentId: row.student_id, courseId: row.course_id });
          if (known) return null;
          const invitation = uow.add(new SurveyInvitation());
          invitation.send(
            { questionnaireId: q.id, respondentKind: 'apprenant', studentId: row.student_id, email: person.email || null, courseId: row.course_id, sessionId: row.session_id, dueOn: row.due_on },
            now, this.config.surveys.linkValidDays,
          );
          return () => invitation.id;
        }, { serialize: [`satisfaction.learner:${q.id}:${row.student_id}:${row.course_id}`] });
        if (id !== null) done.push(id);
      }
    }
    return done;
  }

  /**
   * Employers and funders (docs/adr/0054, amended): the contacts of the enrolments (enrolment's
   * published `enrolment_contact`) of each active « employeurs » / « financeurs » questionnaire's
   * course, once the enrolment's session ended (its last day), or without a session once the learner
   * completed the course. One invitation per address, course and session: an employer of three
   * learners of a session gets one.
   */
  private async inviteContacts(): Promise<number[]> {
    const today = parisCalendarDate(this.clock.now());
    const questionnaires = await this.db.query<{ id: number; kind: 'employeur' | 'financeur'; course_id: number | null }>(
      `select id, kind, course_id from satisfaction.questionnaire where active and kind in ('employeur', 'financeur') order by id`,
    );
    const done: number[] = [];
    for (const q of questionnaires) {
      const due = await this.db.query<{ email: string; course_id: number; session_id: number | null; due_on: string }>(
        `with ended as (
           select case when $2 = 'employeur' then c.employer_email else c.funder_email end as email, c.course_id, sl.session_id,
                  coalesce(s.end_date, (f.completed_at at time zone 'Europe/Paris')::date) as ended_on
             from ${ENROLMENT_CONTACT} c
             join ${COURSE_ENROLMENT} ce on ce.student_id = c.student_id and ce.course_id = c.course_id
             left join ${STUDENT_COURSE_FIGURES} f on f.student_id = c.student_id and f.course_id = c.course_id
             left join ${SESSION_LEARNER} sl on sl.student_id = c.student_id and sl.course_id = c.course_id and sl.left_at is null
             left join ${TRAINING_SESSION_SUMMARY} s on s.session_id = sl.session_id
            where ($1::int is null or c.course_id = $1))
         select email, course_id, session_id, to_char(min(ended_on), 'YYYY-MM-DD') as due_on
           from ended e
          where email is not null and ended_on is not null and ended_on <= $3::date
            and not exists (select 1 from satisfaction.invitation i where i.questionnaire_id = $4 and i.student_id is null and i.email = e.email
                               and i.course_id = e.course_id and coalesce(i.session_id, 0) = coalesce(e.session_id, 0))
          group by email, course_id, session_id
          order by course_id, session_id nulls first, email limit ${BATCH}`,
        [q.course_id, q.kind, today, q.id],
      );
      for (const row of due) {
        const id = await this.inviteContact(q.id, q.kind, { ...row, teacher_id: null });
        if (id !== null) done.push(id);
      }
    }
    return done;
  }

  /** Trainers: each current trainer of a session of an active « formateurs » questionnaire's course, from the session's last day. */
  private async inviteTrainers(): Promise<number[]> {
    const today = parisCalendarDate(this.clock.now());
    const questionnaires = await this.db.query<{ id: number; course_id: number | null }>(
      `select id, course_id from satisfaction.questionnaire where active and kind = 'formateur' order by id`,
    );
    const done: number[] = [];
    for (const q of questionnaires) {
      const due = await this.db.query<{ teacher_id: number; course_id: number; session_id: number; due_on: string }>(
        `select t.teacher_id, t.course_id, t.session_id, to_char(s.end_date, 'YYYY-MM-DD') as due_on
           from ${SESSION_TRAINER} t join ${TRAINING_SESSION_SUMMARY} s on s.session_id = t.session_id
          where t.left_at is null and s.end_date <= $2::date and ($1::int is null or t.course_id = $1)
            and not exists (select 1 from satisfaction.invitation i where i.questionnaire_id = $3 and i.teacher_id = t.teacher_id and i.session_id = t.session_id)
          order by t.session_id, t.teacher_id`,
        [q.course_id, today, q.id],
      );
      // No batch limit here: a trainer invited by hand (found by e-mail, without the trainer's id) or a
      // closed one stays selected every day, and a limit would let such rows starve the others. A
      // centre's session trainers are a few per session: the whole list is small.
      if (due.length === 0) continue;
      // A closed trainer is nobody's contact (left out by identity): not asked.
      const trainers = await this.queries.execute(new GetTeacherContacts([...new Set(due.map((d) => d.teacher_id))]));
      for (const row of due) {
        const email = trainers.get(row.teacher_id)?.email?.trim().toLowerCase();
        if (!email) continue;
        const id = await this.inviteContact(q.id, 'formateur', { ...row, email });
        if (id !== null) done.push(id);
      }
    }
    return done;
  }

  /** One contact's invitation (shared with the admin's sending): null when it exists already. */
  private async inviteContact(
    questionnaireId: number,
    kind: ContactKind,
    row: { email: string; course_id: number; session_id: number | null; due_on: string; teacher_id: number | null },
  ): Promise<number | null> {
    const target = { questionnaireId, respondentKind: kind, studentId: null, teacherId: row.teacher_id, email: row.email, courseId: row.course_id, sessionId: row.session_id, dueOn: row.due_on };
    const sent = await inviteContactOnce(this.store, target, this.clock.now(), this.config.surveys.linkValidDays);
    return sent.created ? sent.id : null;
  }

  private async remind(): Promise<number[]> {
    const now = this.clock.now();
    const open = await this.db.query<{ id: number; reminder_days: number; max_reminders: number }>(
      `select i.id, q.reminder_days, q.max_reminders
         from satisfaction.invitation i join satisfaction.questionnaire q on q.id = i.questionnaire_id
        where i.expires_at > $1 and i.reminders_sent < q.max_reminders
          and coalesce(i.last_reminded_at, i.sent_at) <= $1::timestamptz - make_interval(days => q.reminder_days)
          and not exists (select 1 from satisfaction.response r where r.token_sha256 = i.token_sha256)
        order by i.id`,
      [now],
    );
    const done: number[] = [];
    for (const row of open) {
      const reminded = await this.store.transaction(async (uow) => {
        const invitation = await uow.load(SurveyInvitation, { id: row.id }, () => new NotFoundError('Invitation introuvable.'));
        const answered = (await uow.em.execute('select 1 from satisfaction.response where token_sha256 = ?', [invitation.tokenSha256])).length > 0;
        return invitation.remind(now, answered, row.reminder_days, row.max_reminders);
      }, { serialize: [`satisfaction.invitation:${row.id}`] });
      if (reminded) done.push(row.id);
    }
    return done;
  }
}

/** An admin runs the daily dispatch now, on the job queue (the admin follows it at /api/admin/jobs/{id}/). */
export class RunSurveyDispatch extends Command<{ job_id: string }> {}

@CommandHandler(RunSurveyDispatch)
export class RunSurveyDispatchHandler implements ICommandHandler<RunSurveyDispatch> {
  constructor(private readonly jobs: Jobs) {}

  async execute(): Promise<{ job_id: string }> {
    if (!this.jobs.sending) throw new ConflictError(QUEUE_STOPPED);
    return { job_id: await this.jobs.send(SURVEY_DISPATCH_JOB, {}) };
  }
}

export const QUEUE_STOPPED = 'La file de tâches n’est pas démarrée sur ce serveur : l’envoi quotidien ne peut pas être lancé.';
