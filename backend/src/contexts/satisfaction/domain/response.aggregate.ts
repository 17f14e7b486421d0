import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import { RESPONSE_STREAM, type RespondentKind, type SatisfactionEvent } from '../contracts/satisfaction.events.js';
import { sha256, type Question } from './questionnaire.aggregate.js';

export const TEXT_ANSWER_MAX = 3000;

export const RESPONSE_MESSAGES = {
  required: (label: string) => `Veuillez répondre à la question « ${label} ».`,
  rating: (label: string) => `La note de « ${label} » est un nombre entier de 1 à 5.`,
  choice: (label: string) => `Veuillez choisir parmi les réponses proposées pour « ${label} ».`,
  text: (label: string) => `La réponse à « ${label} » ne doit pas dépasser 3\u00a0000 caractères.`,
  answers: 'Les réponses doivent être envoyées question par question.',
};

export type AnswerValue = number | string | string[];

export interface CheckedAnswers {
  /** Ratings and choices (what the event carries). */
  values: Record<string, AnswerValue>;
  /** Free texts (kept beside the log). */
  texts: Record<string, string>;
}

/** The answers checked against the version's questions: required ones given, ratings 1–5, choices among the options. */
export function checkAnswers(questions: Question[], raw: unknown): CheckedAnswers {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new InvalidInputError(RESPONSE_MESSAGES.answers, 'answers');
  const given = raw as Record<string, unknown>;
  const values: Record<string, AnswerValue> = {};
  const texts: Record<string, string> = {};
  for (const q of questions) {
    const value = given[q.id];
    const blank = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (blank) {
      if (q.required) throw new InvalidInputError(RESPONSE_MESSAGES.required(q.label), q.id);
      continue;
    }
    if (q.type === 'note') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 5) throw new InvalidInputError(RESPONSE_MESSAGES.rating(q.label), q.id);
      values[q.id] = value;
    } else if (q.type === 'choix_unique') {
      if (typeof value !== 'string' || !q.options.includes(value)) throw new InvalidInputError(RESPONSE_MESSAGES.choice(q.label), q.id);
      values[q.id] = value;
    } else if (q.type === 'choix_multiple') {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !q.options.includes(v))) throw new InvalidInputError(RESPONSE_MESSAGES.choice(q.label), q.id);
      values[q.id] = q.options.filter((o) => (value as string[]).includes(o));
    } else {
      if (typeof value !== 'string') throw new InvalidInputError(RESPONSE_MESSAGES.text(q.label), q.id);
      if ([...value].length > TEXT_ANSWER_MAX) throw new InvalidInputError(RESPONSE_MESSAGES.text(q.label), q.id);
      if (value.trim() === '') {
        if (q.required) throw new InvalidInputError(RESPONSE_MESSAGES.required(q.label), q.id);
        continue;
      }
      texts[q.id] = value;
    }
  }
  return { values, texts };
}

export interface ResponseSubject {
  questionnaireId: number;
  versionNumber: number;
  respondentKind: RespondentKind;
  courseId: number;
  sessionId: number | null;
  tokenSha256: string;
}

/**
 * An anonymous answer (docs/adr/0054): no learner id, the token's hash (unique: one answer per
 * token), the version answered, ratings and choices; free texts in `satisfaction.response_text`,
 * their hashes in the event.
 */
@Entity({ tableName: 'response', schema: 'satisfaction' })
export class SurveyResponse extends AggregateRoot<SatisfactionEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'uuid', fieldName: 'client_key' })
  clientKey: string;

  @Property({ type: 'string', length: 64, fieldName: 'token_sha256' })
  tokenSha256!: string;

  @Property({ type: 'integer', fieldName: 'questionnaire_id' })
  questionnaireId!: number;

  @Property({ type: 'integer', fieldName: 'version_number' })
  versionNumber!: number;

  @Property({ type: 'text', fieldName: 'respondent_kind' })
  respondentKind!: RespondentKind;

  @Property({ type: 'integer', fieldName: 'course_id' })
  courseId!: number;

  @Property({ type: 'integer', fieldName: 'session_id', nullable: true })
  sessionId: number | null = null;

  @Property({ type: 'json' })
  answers: Record<string, AnswerValue> = {};

  @Property({ type: 'datetime', fieldName: 'answered_at' })
  answeredAt!: Date;

  @Property({ type: 'integer' })
  version = 0;

  constructor(clientKey: string) {
    super();
    this.clientKey = clientKey;
  }

  stream(): StreamRef {
    return { type: RESPONSE_STREAM, id: this.id };
  }

  /** Records the answers; returns the free texts to keep beside the log. */
  answer(subject: ResponseSubject, questions: Question[], raw: unknown, now: Date): Record<string, string> {
    const { values, texts } = checkAnswers(questions, raw);
    Object.assign(this, subject);
    this.answers = values;
    this.answeredAt = now;
    const hashes = Object.entries(texts).map(([questionId, body]) => ({ questionId, sha256: sha256(body), length: [...body].length }));
    this.record(() => ({
      type: 'SurveyAnswered',
      payload: {
        responseId: this.id, questionnaireId: this.questionnaireId, versionNumber: this.versionNumber, respondentKind: this.respondentKind,
        courseId: this.courseId, sessionId: this.sessionId, tokenSha256: this.tokenSha256, answers: values, texts: hashes,
      },
    }));
    return texts;
  }
}

/** A free-text answer, kept beside the log (the event carries its hash). */
@Entity({ tableName: 'response_text', schema: 'satisfaction' })
export class SurveyResponseText {
  @PrimaryKey({ type: 'integer', fieldName: 'response_id' })
  responseId: number;

  @PrimaryKey({ type: 'text', fieldName: 'question_id' })
  questionId: string;

  @Property({ type: 'text' })
  body: string;

  @Property({ type: 'string', length: 64 })
  sha256: string;

  constructor(responseId: number, questionId: string, body: string) {
    this.responseId = responseId;
    this.questionId = questionId;
    this.body = body;
    this.sha256 = sha256(body);
  }
}
