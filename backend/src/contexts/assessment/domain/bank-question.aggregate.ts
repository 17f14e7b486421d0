import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, ForbiddenError, InvalidInputError, type Actor, type StreamRef } from '../../../shared-kernel/index.js';
import { BANK_QUESTION_STREAM, type BankQuestionEvent } from '../contracts/assessment.events.js';
import { questionHash } from './question-hash.js';
import { CATEGORY_MAX, checkQuestion, type QuestionFields, type QuestionKind } from './quiz.aggregate.js';

export const TAG_MAX = 40;

/** How a bank question came to be, beside a trainer's form. */
export interface BankQuestionOrigin {
  requestKey?: string | null;
  imported?: boolean;
  copiedFrom?: { quizId: number; questionId: number };
}
export const TAGS_MAX = 10;

/** A bank question's place: its category (required) and tags (at most ten, each short, no duplicates). */
export function checkFiling(category: string, tags: readonly string[]): { category: string; tags: string[] } {
  const c = category.trim();
  if (!c) throw new InvalidInputError('La catégorie est obligatoire.', 'category');
  if (c.length > CATEGORY_MAX) throw new InvalidInputError(`La catégorie ne doit pas dépasser ${CATEGORY_MAX} caractères.`, 'category');
  const cleaned = [...new Set(tags.map((t) => t.trim()).filter((t) => t !== ''))];
  if (cleaned.length > TAGS_MAX) throw new InvalidInputError(`Une question porte au plus ${TAGS_MAX} étiquettes.`, 'tags');
  if (cleaned.some((t) => t.length > TAG_MAX)) throw new InvalidInputError(`Une étiquette ne doit pas dépasser ${TAG_MAX} caractères.`, 'tags');
  return { category: c, tags: cleaned };
}

/**
 * A question of a trainer's bank (issue 28 item 2, ADR 0045): owned by its trainer, apart from any
 * quiz, filed in a category with tags; quizzes draw from a category per attempt. An edit is a new
 * revision (attempts keep the copy they asked, with its revision and hash); removing archives it:
 * it is drawn no more, nothing a learner answered changes.
 */
@Entity({ tableName: 'bank_question', schema: 'assessment' })
export class BankQuestion extends AggregateRoot<BankQuestionEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'teacher_id' })
  teacherId: number;

  @Property({ type: 'string', length: 100 })
  category = '';

  @Property({ type: 'json' })
  tags: string[] = [];

  @Property({ type: 'string', length: 20 })
  kind: QuestionKind = 'single';

  @Property({ type: 'text' })
  questions = '';

  @Property({ type: 'string', length: 500 })
  ans1 = '';

  @Property({ type: 'string', length: 500 })
  ans2 = '';

  @Property({ type: 'string', length: 500 })
  ans3 = '';

  @Property({ type: 'string', length: 500 })
  ans4 = '';

  @Property({ type: 'json', fieldName: 'right_answers' })
  rightAnswers: number[] = [];

  @Property({ type: 'text' })
  explanation = '';

  /** The content's revision: 1 when written, +1 at each edit (attempts record the one they asked). */
  @Property({ type: 'integer' })
  revision = 1;

  @Property({ type: 'integer' })
  version = 0;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date;

  @Property({ type: 'datetime', fieldName: 'updated_at' })
  updatedAt: Date;

  @Property({ type: 'datetime', fieldName: 'archived_at', nullable: true })
  archivedAt: Date | null = null;

  /** The key the page drew for this creation: sent again (a retry), it finds this question (ADR 0022). */
  @Property({ type: 'uuid', fieldName: 'request_key', nullable: true })
  requestKey: string | null = null;

  private constructor(teacherId: number, now: Date) {
    super();
    this.teacherId = teacherId;
    this.createdAt = now;
    this.updatedAt = now;
  }

  /**
   * A new question of `teacherId`'s bank: written by hand, imported from a file (`origin: import`)
   * or copied from a quiz's question (`copiedFrom`); each one event, as by hand.
   */
  static create(
    teacherId: number, category: string, tags: readonly string[], fields: QuestionFields, now: Date, how: BankQuestionOrigin = {},
  ): BankQuestion {
    const question = new BankQuestion(teacherId, now);
    question.fill(category, tags, fields);
    question.requestKey = how.requestKey ?? null;
    const origin = how.copiedFrom ? { origin: 'quiz' as const, copiedFrom: how.copiedFrom } : how.imported ? { origin: 'import' as const } : {};
    question.record(() => ({
      type: 'BankQuestionWritten',
      payload: { questionId: question.id, teacherId, kind: question.kind, revision: question.revision, rightAnswers: question.rightAnswers, hash: question.hash, ...origin },
    }));
    return question;
  }

  /** Whether a creation sent again with this question's request key comes from its bank's side (its trainer, or an admin for them). */
  sameOwner(teacherId: number): boolean {
    return this.teacherId === teacherId;
  }

  /** The SHA-256 of this revision's content, as an attempt's paper records it. */
  get hash(): string {
    return questionHash({ kind: this.kind, questions: this.questions, answers: [this.ans1, this.ans2, this.ans3, this.ans4], rights: this.rightAnswers, explanation: this.explanation });
  }

  stream(): StreamRef {
    return { type: BANK_QUESTION_STREAM, id: this.id };
  }

  /** A trainer's bank is theirs alone; admins read and edit every bank. */
  assertOwner(actor: Actor): void {
    if (actor.role === 'admin' || (actor.role === 'teacher' && actor.profileId === this.teacherId)) return;
    throw new ForbiddenError('Cette question n’est pas dans votre banque.');
  }

  /** A new revision (a kind left undefined is kept); what attempts asked before keeps its own copy. */
  change(category: string, tags: readonly string[], fields: QuestionFields, now: Date): void {
    this.assertLive();
    this.fill(category, tags, fields);
    this.revision += 1;
    this.updatedAt = now;
    this.record({
      type: 'BankQuestionWritten',
      payload: { questionId: this.id, teacherId: this.teacherId, kind: this.kind, revision: this.revision, rightAnswers: this.rightAnswers, hash: this.hash },
    });
  }

  /** Archived, never deleted: drawn no more; the attempts that asked it keep their copy. Archived again (a retry): nothing more. */
  archive(now: Date): void {
    if (this.archivedAt) return;
    this.archivedAt = now;
    this.record({ type: 'BankQuestionArchived', payload: { questionId: this.id, teacherId: this.teacherId } });
  }

  private fill(category: string, tags: readonly string[], fields: QuestionFields): void {
    const filing = checkFiling(category, tags);
    const checked = checkQuestion(fields, this.kind);
    this.category = filing.category;
    this.tags = filing.tags;
    this.kind = checked.kind;
    this.questions = checked.questions;
    [this.ans1, this.ans2, this.ans3, this.ans4] = checked.answers as [string, string, string, string];
    this.rightAnswers = checked.rights;
    if (checked.explanation !== undefined) this.explanation = checked.explanation;
  }

  private assertLive(): void {
    if (this.archivedAt) throw new ConflictError('Cette question est archivée : elle ne peut plus être modifiée.');
  }
}
