import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../platform/aggregate-store/index.js';
import { withEventContext } from '../../../platform/event-log/index.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { overAddressAllowance } from '../../../platform/database/address-throttle.js';
import { Database } from '../../../platform/database/database.js';
import { Clock, ConflictError, InvalidInputError, NotFoundError, parisCalendarDate, TooManyRequestsError, type Actor } from '../../../shared-kernel/index.js';
import { COURSE_SUMMARY } from '../../catalogue/contracts/catalogue.read-models.js';
import { TRAINING_SESSION_SUMMARY } from '../../enrolment/contracts/enrolment.read-models.js';
import { INVITATION_MESSAGES, SurveyInvitation, type InvitationTarget } from '../domain/invitation.aggregate.js';
import { Questionnaire, QuestionnaireVersion, sha256, type QuestionnaireSettings } from '../domain/questionnaire.aggregate.js';
import { SurveyResponse, SurveyResponseText } from '../domain/response.aggregate.js';
import type { AnswerReceipt } from './survey.views.js';

export const QUESTIONNAIRE_NOT_FOUND = 'Questionnaire introuvable.';
export const UNKNOWN_COURSE = 'La formation choisie n’existe pas dans le catalogue.';
export const UNKNOWN_SESSION = 'La session choisie n’existe pas pour cette formation.';
export const LEARNERS_BY_JOB = 'Les apprenants reçoivent les questionnaires « à chaud » et « à froid » automatiquement, à la fin de leur formation : choisissez un questionnaire destiné aux formateurs, employeurs ou financeurs.';
export const EMAILS_INVALID = 'Indiquez de 1 à 200 adresses e-mail valides, une par destinataire.';
export const TOO_MANY_ANSWERS = 'Trop de tentatives depuis cette adresse. Réessayez dans une heure.';
export const NOT_YOURS = 'Ce questionnaire n’est pas dans votre espace.';

export class QuestionnaireNotFoundError extends NotFoundError {
  constructor() {
    super(QUESTIONNAIRE_NOT_FOUND);
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface QuestionnaireInput extends QuestionnaireSettings {
  kind: unknown;
  courseId: number | null;
}

/** An admin creates a questionnaire (its first version). The same request key again answers the first one. */
export class CreateQuestionnaire extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly input: QuestionnaireInput,
    readonly requestKey: string,
  ) {
    super();
  }
}

@CommandHandler(CreateQuestionnaire)
export class CreateQuestionnaireHandler implements ICommandHandler<CreateQuestionnaire> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, input, requestKey }: CreateQuestionnaire): Promise<number> {
    if (input.courseId !== null && !(await this.db.one(`select 1 from ${COURSE_SUMMARY} where course_id = $1`, [input.courseId]))) {
      throw new InvalidInputError(UNKNOWN_COURSE, 'course_id');
    }
    return this.store.transaction(async (uow) => {
      const known = await uow.em.findOne(Questionnaire, { clientKey: requestKey });
      if (known) return known.id;
      const now = this.clock.now();
      const questionnaire = uow.add(new Questionnaire(requestKey, input.kind, input.courseId, now));
      const { versionNumber, questions } = questionnaire.define(input, false, actor.profileId);
      uow.persistAdded();
      await uow.em.flush();
      uow.em.persist(new QuestionnaireVersion(questionnaire.id, versionNumber, questions, now));
      return () => questionnaire.id;
    }, { serialize: [`satisfaction.questionnaire-key:${requestKey}`] });
  }
}

/** An admin edits a questionnaire: an unanswered version is rewritten, an answered one is kept and the next one starts. */
export class UpdateQuestionnaire extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly questionnaireId: number,
    readonly settings: QuestionnaireSettings,
  ) {
    super();
  }
}

@CommandHandler(UpdateQuestionnaire)
export class UpdateQuestionnaireHandler implements ICommandHandler<UpdateQuestionnaire> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, questionnaireId, settings }: UpdateQuestionnaire): Promise<void> {
    await this.store.transaction(async (uow) => {
      const questionnaire = await uow.load(Questionnaire, { id: questionnaireId }, () => new QuestionnaireNotFoundError());
      // Answers to this questionnaire wait for this lock (AnswerSurvey), so « answered » cannot change under us.
      const answered = (await uow.em.execute('select 1 from satisfaction.response where questionnaire_id = ? and version_number = ? limit 1', [questionnaireId, questionnaire.currentVersion])).length > 0;
      const { versionNumber, newVersion, questions } = questionnaire.define(settings, answered, actor.profileId);
      const now = this.clock.now();
      if (newVersion) uow.em.persist(new QuestionnaireVersion(questionnaireId, versionNumber, questions, now));
      else {
        const current = await uow.em.findOneOrFail(QuestionnaireVersion, { questionnaireId, number: versionNumber });
        current.questions = questions;
        current.sha256 = sha256(JSON.stringify(questions));
      }
    }, { serialize: [`satisfaction.questionnaire:${questionnaireId}`] });
  }
}

export type ContactKind = 'formateur' | 'employeur' | 'financeur';

/**
 * A trainer's, employer's or funder's invitation, once per address, course and session and
 * questionnaire (its lock and the unique index `invitation_contact`): by the admin's hand or by the
 * daily job, whichever comes first; the other finds it (`created` false).
 */
export async function inviteContactOnce(
  store: AggregateStore,
  target: InvitationTarget & { email: string; respondentKind: ContactKind },
  now: Date,
  validDays: number,
): Promise<{ id: number; created: boolean }> {
  const { questionnaireId, email, courseId, sessionId } = target;
  return store.transaction<{ id: number; created: boolean }>(async (uow) => {
    const known = await uow.em.findOne(SurveyInvitation, { questionnaireId, email, courseId, sessionId, studentId: null });
    if (known) return { id: known.id, created: false };
    const invitation = uow.add(new SurveyInvitation());
    invitation.send(target, now, validDays);
    return () => ({ id: invitation.id, created: true });
  }, { serialize: [`satisfaction.contact:${questionnaireId}:${email}:${courseId}:${sessionId ?? 0}`] });
}

/** An admin sends a questionnaire to trainers, employers or funders: their contacts for a course (and session). */
export class InviteContacts extends Command<number[]> {
  constructor(
    readonly questionnaireId: number,
    readonly courseId: number,
    readonly sessionId: number | null,
    readonly emails: unknown,
  ) {
    super();
  }
}

@CommandHandler(InviteContacts)
export class InviteContactsHandler implements ICommandHandler<InviteContacts> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ questionnaireId, courseId, sessionId, emails }: InviteContacts): Promise<number[]> {
    const questionnaire = await this.db.one<{ kind: string; course_id: number | null }>('select kind, course_id from satisfaction.questionnaire where id = $1', [questionnaireId]);
    if (!questionnaire) throw new QuestionnaireNotFoundError();
    if (questionnaire.kind === 'chaud' || questionnaire.kind === 'froid') throw new ConflictError(LEARNERS_BY_JOB);
    if (!Array.isArray(emails) || emails.length === 0 || emails.length > 200 || emails.some((e) => typeof e !== 'string' || !EMAIL.test(e.trim()) || e.length > 254)) {
      throw new InvalidInputError(EMAILS_INVALID, 'emails');
    }
    if ((questionnaire.course_id !== null && questionnaire.course_id !== courseId) || !(await this.db.one(`select 1 from ${COURSE_SUMMARY} where course_id = $1`, [courseId]))) {
      throw new InvalidInputError(UNKNOWN_COURSE, 'course_id');
    }
    if (sessionId !== null && !(await this.db.one(`select 1 from ${TRAINING_SESSION_SUMMARY} where session_id = $1 and course_id = $2`, [sessionId, courseId]))) {
      throw new InvalidInputError(UNKNOWN_SESSION, 'session_id');
    }
    const ids: number[] = [];
    for (const email of new Set((emails as string[]).map((e) => e.trim().toLowerCase()))) {
      const now = this.clock.now();
      const target = { questionnaireId, respondentKind: questionnaire.kind as ContactKind, studentId: null, email, courseId, sessionId, dueOn: parisCalendarDate(now) };
      const sent = await inviteContactOnce(this.store, target, now, this.config.surveys.linkValidDays);
      ids.push(sent.id);
    }
    return ids;
  }
}

/** Counts the public page's calls per address in PostgreSQL (every node sees it), by the server's clock. */
@Injectable()
export class SurveyPageThrottle {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async take(address: string): Promise<void> {
    const { publicMaxPerAddress: max, publicWindowSeconds: windowSeconds } = this.config.surveys;
    if (await overAddressAllowance(this.db, 'satisfaction.answer_attempt', address, this.clock.now(), { max, windowSeconds })) throw new TooManyRequestsError(TOO_MANY_ANSWERS);
  }
}

/** How the answer reaches its invitation: the link's token (anyone holding it), or a learner's own invitation. */
export type AnswerAccess = { token: string } | { actor: Actor; invitationId: number };


/** Answers a questionnaire once (docs/adr/0054): the same request key again answers the first outcome. */
export class AnswerSurvey extends Command<AnswerReceipt> {
  constructor(
    readonly access: AnswerAccess,
    readonly answers: unknown,
    readonly requestKey: string,
  ) {
    super();
  }
}

/** Finds the invitation an answer is for, or refuses it (unknown link, another learner's invitation). */
export async function invitationFor(db: Database, access: AnswerAccess): Promise<{ id: number; token_sha256: string }> {
  if ('token' in access) {
    const row = await db.one<{ id: number; token_sha256: string }>('select id, token_sha256 from satisfaction.invitation where token_sha256 = $1', [sha256(access.token)]);
    if (!row) throw new NotFoundError(INVITATION_MESSAGES.unknown);
    return row;
  }
  const row = await db.one<{ id: number; token_sha256: string; student_id: number | null }>('select id, token_sha256, student_id from satisfaction.invitation where id = $1', [access.invitationId]);
  if (!row || row.student_id !== access.actor.profileId) throw new NotFoundError(NOT_YOURS);
  return row;
}

@CommandHandler(AnswerSurvey)
export class AnswerSurveyHandler implements ICommandHandler<AnswerSurvey> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ access, answers, requestKey }: AnswerSurvey): Promise<AnswerReceipt> {
    const { id, token_sha256: tokenSha256 } = await invitationFor(this.db, access);
    const invitationRow = await this.db.one<{ questionnaire_id: number }>('select questionnaire_id from satisfaction.invitation where id = $1', [id]);
    const questionnaireId = invitationRow!.questionnaire_id;
    // Anonymous in the log (docs/adr/0054): no actor and no correlation with the request that carried
    // it, even when a learner answers from their space (the request's context would name them).
    return withEventContext({ actor: null, correlationId: null, causationId: null }, () => this.store.transaction(async (uow) => {
      const first = await uow.em.findOne(SurveyResponse, { tokenSha256 });
      if (first) {
        // The same sending again (a retry after a lost answer) answers its outcome; another one is refused.
        if (first.clientKey !== requestKey) throw new ConflictError(INVITATION_MESSAGES.answered);
        return { answered_at: first.answeredAt.toISOString(), version_number: first.versionNumber };
      }
      const invitation = await uow.em.findOneOrFail(SurveyInvitation, { id });
      const now = this.clock.now();
      invitation.checkOpen(now);
      const questionnaire = await uow.em.findOneOrFail(Questionnaire, { id: questionnaireId });
      const version = await uow.em.findOneOrFail(QuestionnaireVersion, { questionnaireId, number: questionnaire.currentVersion });
      const response = uow.add(new SurveyResponse(requestKey));
      const texts = response.answer(
        { questionnaireId, versionNumber: version.number, respondentKind: invitation.respondentKind, courseId: invitation.courseId, sessionId: invitation.sessionId, tokenSha256 },
        version.questions, answers, now,
      );
      uow.persistAdded();
      await uow.em.flush();
      for (const [questionId, body] of Object.entries(texts)) uow.em.persist(new SurveyResponseText(response.id, questionId, body));
      return { answered_at: now.toISOString(), version_number: version.number };
    }, {
      // The token's answers queue; the questionnaire's edits wait for them (an answered version is never rewritten).
      serialize: [`satisfaction.token:${tokenSha256}`, `satisfaction.questionnaire:${questionnaireId}`],
      uniqueViolation: (constraint) => (constraint.includes('token_sha256') ? new ConflictError(INVITATION_MESSAGES.answered) : undefined),
    }));
  }
}
