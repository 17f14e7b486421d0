import { createHash } from 'node:crypto';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import {
  QUESTION_TYPES, QUESTIONNAIRE_KINDS, QUESTIONNAIRE_STREAM, type QuestionnaireKind, type QuestionType, type RespondentKind, type SatisfactionEvent,
} from '../contracts/satisfaction.events.js';

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export interface Question {
  id: string;
  type: QuestionType;
  label: string;
  required: boolean;
  /** The choices of a single or multiple choice question (2 to 12). */
  options: string[];
}

export const TITLE_MAX = 200;
export const LABEL_MAX = 500;
export const QUESTIONS_MAX = 40;

export const QUESTIONNAIRE_MESSAGES = {
  title: `Veuillez donner un titre au questionnaire (${TITLE_MAX} caractères au plus).`,
  kind: 'Le type doit être « chaud », « froid », « formateur », « employeur » ou « financeur ».',
  questions: `Un questionnaire compte de 1 à ${QUESTIONS_MAX} questions.`,
  questionType: 'Chaque question est une note de 1 à 5 (« note »), un choix unique, un choix multiple ou un texte libre.',
  label: `Chaque question a un intitulé (${LABEL_MAX} caractères au plus).`,
  options: 'Une question à choix propose de 2 à 12 choix, tous différents et non vides.',
  coldDelay: 'Le délai d’un questionnaire « à froid » est un nombre de jours entre 1 et 730.',
  reminderDays: 'L’intervalle des relances est un nombre de jours entre 1 et 60.',
  maxReminders: 'Le nombre de relances est compris entre 0 et 10.',
};

const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** The questions as the admin sent them, checked; ids are kept when given (q1, q2…), drawn otherwise. */
export function checkQuestions(raw: unknown): Question[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > QUESTIONS_MAX) throw new InvalidInputError(QUESTIONNAIRE_MESSAGES.questions, 'questions');
  const ids = new Set<string>();
  return raw.map((item: unknown, index) => {
    const q = (item ?? {}) as Record<string, unknown>;
    if (typeof q.type !== 'string' || !(QUESTION_TYPES as readonly string[]).includes(q.type)) throw new InvalidInputError(QUESTIONNAIRE_MESSAGES.questionType, 'questions');
    const label = typeof q.label === 'string' ? q.label.trim() : '';
    if (label === '' || [...label].length > LABEL_MAX) throw new InvalidInputError(QUESTIONNAIRE_MESSAGES.label, 'questions');
    const type = q.type as QuestionType;
    let options: string[] = [];
    if (type === 'choix_unique' || type === 'choix_multiple') {
      options = Array.isArray(q.options) ? q.options.map((o) => (typeof o === 'string' ? o.trim() : '')) : [];
      if (options.length < 2 || options.length > 12 || options.some((o) => o === '' || o.length > 200) || new Set(options).size !== options.length) {
        throw new InvalidInputError(QUESTIONNAIRE_MESSAGES.options, 'questions');
      }
    }
    let id = typeof q.id === 'string' && /^[a-z0-9_-]{1,40}$/i.test(q.id) ? q.id : `q${index + 1}`;
    while (ids.has(id)) id = `${id}_${index + 1}`;
    ids.add(id);
    return { id, type, label, required: q.required === true, options };
  });
}

export interface QuestionnaireSettings {
  title: unknown;
  coldDelayDays: unknown;
  reminderDays: unknown;
  maxReminders: unknown;
  active: unknown;
  questions: unknown;
}

/** Who answers a questionnaire of a kind. */
export const respondentOf = (kind: QuestionnaireKind): RespondentKind => (kind === 'chaud' || kind === 'froid' ? 'apprenant' : kind);

/**
 * A satisfaction questionnaire (docs/adr/0054): its kind, the course it is for (null: every course),
 * its reminders and its questions, in versions. Editing a version nobody answered rewrites it;
 * editing an answered one starts the next version, so an answer keeps the questions it answered.
 */
@Entity({ tableName: 'questionnaire', schema: 'satisfaction' })
export class Questionnaire extends AggregateRoot<SatisfactionEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'uuid', fieldName: 'client_key' })
  clientKey: string;

  @Property({ type: 'text' })
  title = '';

  @Property({ type: 'text' })
  kind: QuestionnaireKind;

  @Property({ type: 'integer', fieldName: 'course_id', nullable: true })
  courseId: number | null;

  @Property({ type: 'integer', fieldName: 'cold_delay_days' })
  coldDelayDays = 0;

  @Property({ type: 'integer', fieldName: 'reminder_days' })
  reminderDays = 7;

  @Property({ type: 'integer', fieldName: 'max_reminders' })
  maxReminders = 2;

  @Property({ type: 'boolean' })
  active = true;

  @Property({ type: 'integer', fieldName: 'current_version' })
  currentVersion = 0;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date;

  @Property({ type: 'integer' })
  version = 0;

  constructor(clientKey: string, kind: unknown, courseId: number | null, now: Date) {
    super();
    if (typeof kind !== 'string' || !(QUESTIONNAIRE_KINDS as readonly string[]).includes(kind)) throw new InvalidInputError(QUESTIONNAIRE_MESSAGES.kind, 'kind');
    this.clientKey = clientKey;
    this.kind = kind as QuestionnaireKind;
    this.courseId = courseId;
    this.createdAt = now;
  }

  stream(): StreamRef {
    return { type: QUESTIONNAIRE_STREAM, id: this.id };
  }

  get respondentKind(): RespondentKind {
    return respondentOf(this.kind);
  }

  /**
   * Sets the settings and the questions. `currentAnswered`: whether the current version has answers
   * (read by the caller in the same transaction). Returns the questions and the version they go to.
   */
  define(settings: QuestionnaireSettings, currentAnswered: boolean, adminId: number): { versionNumber: number; newVersion: boolean; questions: Question[] } {
    const title = typeof settings.title === 'string' ? settings.title.trim() : '';
    if (title === '' || [...title].length > TITLE_MAX) throw new InvalidInputError(QUESTIONNAIRE_MESSAGES.title, 'title');
    const coldDelayDays = this.kind === 'froid' ? settings.coldDelayDays ?? 90 : 0;
    if (this.kind === 'froid' && !isInt(coldDelayDays, 1, 730)) throw new InvalidInputError(QUESTIONNAIRE_MESSAGES.coldDelay, 'cold_delay_days');
    const reminderDays = settings.reminderDays ?? 7;
    if (!isInt(reminderDays, 1, 60)) throw new InvalidInputError(QUESTIONNAIRE_MESSAGES.reminderDays, 'reminder_days');
    const maxReminders = settings.maxReminders ?? 2;
    if (!isInt(maxReminders, 0, 10)) throw new InvalidInputError(QUESTIONNAIRE_MESSAGES.maxReminders, 'max_reminders');
    const questions = checkQuestions(settings.questions);
    this.title = title;
    this.coldDelayDays = coldDelayDays as number;
    this.reminderDays = reminderDays;
    this.maxReminders = maxReminders;
    this.active = settings.active === undefined ? this.active : settings.active === true;
    const newVersion = this.currentVersion === 0 || currentAnswered;
    if (newVersion) this.currentVersion += 1;
    const questionsSha256 = sha256(JSON.stringify(questions));
    this.record(() => ({
      type: 'QuestionnaireDefined',
      payload: {
        questionnaireId: this.id, kind: this.kind, courseId: this.courseId, adminId, versionNumber: this.currentVersion, newVersion,
        questionCount: questions.length, questionsSha256, coldDelayDays: this.coldDelayDays, reminderDays: this.reminderDays,
        maxReminders: this.maxReminders, active: this.active,
      },
    }));
    return { versionNumber: this.currentVersion, newVersion, questions };
  }
}

/** One version of a questionnaire's questions (kept for ever once answered). */
@Entity({ tableName: 'questionnaire_version', schema: 'satisfaction' })
export class QuestionnaireVersion {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'questionnaire_id' })
  questionnaireId: number;

  @Property({ type: 'integer' })
  number: number;

  @Property({ type: 'json' })
  questions: Question[];

  @Property({ type: 'string', length: 64 })
  sha256: string;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date;

  constructor(questionnaireId: number, number: number, questions: Question[], now: Date) {
    this.questionnaireId = questionnaireId;
    this.number = number;
    this.questions = questions;
    this.sha256 = sha256(JSON.stringify(questions));
    this.createdAt = now;
  }
}
