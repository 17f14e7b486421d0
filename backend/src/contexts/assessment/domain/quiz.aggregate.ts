import { Collection, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, ForbiddenError, InvalidInputError, type Actor, type StreamRef } from '../../../shared-kernel/index.js';
import { QUIZ_STREAM, type QuizEvent } from '../contracts/assessment.events.js';
import { QuestionNotFoundError } from './assessment.errors.js';

export const QUIZ_TITLE_MAX = 200;
export const QUIZ_DETAIL_MAX = 5000;
export const QUESTION_MAX = 2000;
export const ANSWER_MAX = 500;
export const EXPLANATION_MAX = 5000;
/** The longest time limit a trainer may set (a day), in minutes, and the most attempts. */
export const TIME_LIMIT_MAX = 1440;
export const ATTEMPTS_MAX = 100;
/** The server's wording of the rule (03, accented); the trainer's screens show 02's own on the client. */
export const RIGHT_ANSWER_NOT_OFFERED = 'La bonne réponse doit correspondre à une des 4 réponses proposées.';

/**
 * A question's type (ADR 0045): one right answer among four (the spec's, and every question written
 * before types), several right answers among four (checkboxes, scored all-or-nothing), or true/false.
 */
export const QUESTION_KINDS = ['single', 'multiple', 'true-false'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
/** The two options of a true/false question, as stored (options 1 and 2; 3 and 4 are empty). */
export const TRUE_FALSE = ['Vrai', 'Faux'] as const;

export interface QuestionFields {
  /** Absent: single for a new question, unchanged for an edited one. */
  kind?: QuestionKind;
  questions: string;
  answers: [string, string, string, string];
  /** The right answer's text (single, true/false: the spec's `right_ans`). */
  rightAnswer: string;
  /** The right options' numbers (1–4): required for several right answers, accepted for the others. */
  rightAnswers?: number[];
  /** Shown to the learner once their attempt is closed (the review); absent: unchanged, '' when new. */
  explanation?: string;
}

/**
 * A quiz's rules as an evaluation (issue 28, ADR 0043): the pass mark in percent, the attempts
 * allowed, the time limit in minutes; null: none (no pass mark: completing validates; unlimited
 * attempts; no limit), as every quiz written before them.
 */
export interface QuizRules {
  passMark: number | null;
  maxAttempts: number | null;
  timeLimitMinutes: number | null;
  /** Questions and answers in an order the server draws per attempt (ADR 0045). */
  shuffle: boolean;
  /** A draw from the trainer's bank (ADR 0045): the category and how many per attempt; null: the quiz's own questions. */
  drawCategory: string | null;
  drawCount: number | null;
}

export const NO_RULES: QuizRules = { passMark: null, maxAttempts: null, timeLimitMinutes: null, shuffle: false, drawCategory: null, drawCount: null };
export const CATEGORY_MAX = 100;
export const DRAW_MAX = 100;

/** Whether an attempt at a quiz under these rules is served from its own paper (shuffled or drawn, ADR 0045). */
export const servesPaper = (rules: QuizRules): boolean => rules.shuffle || rules.drawCategory !== null;

/** Checks the rules a trainer entered; a field left undefined keeps `current`'s. */
export function checkRules(rules: Partial<QuizRules>, current: QuizRules = NO_RULES): QuizRules {
  const merged = { ...current, ...Object.fromEntries(Object.entries(rules).filter(([, v]) => v !== undefined)) } as QuizRules;
  const { passMark, maxAttempts, timeLimitMinutes } = merged;
  const shuffle = merged.shuffle === true;
  const drawCategory = merged.drawCategory?.trim() || null;
  const drawCount = merged.drawCount ?? null;
  if (drawCategory !== null && drawCategory.length > CATEGORY_MAX) {
    throw new InvalidInputError(`La catégorie ne doit pas dépasser ${CATEGORY_MAX} caractères.`, 'draw_category');
  }
  if (drawCount !== null && (!Number.isInteger(drawCount) || drawCount < 1 || drawCount > DRAW_MAX)) {
    throw new InvalidInputError(`Le nombre de questions à tirer doit être un entier entre 1 et ${DRAW_MAX}.`, 'draw_count');
  }
  if ((drawCategory === null) !== (drawCount === null)) {
    throw new InvalidInputError('Pour un tirage depuis la banque, indiquez la catégorie et le nombre de questions à tirer.', drawCategory === null ? 'draw_category' : 'draw_count');
  }
  if (passMark !== null && (!Number.isInteger(passMark) || passMark < 0 || passMark > 100)) {
    throw new InvalidInputError('Le seuil de réussite doit être un pourcentage entier entre 0 et 100.', 'pass_mark');
  }
  if (maxAttempts !== null && (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > ATTEMPTS_MAX)) {
    throw new InvalidInputError(`Le nombre de tentatives doit être un entier entre 1 et ${ATTEMPTS_MAX} (vide : illimité).`, 'max_attempts');
  }
  if (timeLimitMinutes !== null && (!Number.isInteger(timeLimitMinutes) || timeLimitMinutes < 1 || timeLimitMinutes > TIME_LIMIT_MAX)) {
    throw new InvalidInputError(`La durée limite doit être un nombre entier de minutes entre 1 et ${TIME_LIMIT_MAX} (vide : sans limite).`, 'time_limit');
  }
  return { passMark, maxAttempts, timeLimitMinutes, shuffle, drawCategory, drawCount };
}

/** Whether a score passes the pass mark (none: completing is passing). */
export function passes(score: number, total: number, passMark: number | null): boolean {
  if (passMark === null) return true;
  if (total <= 0) return false;
  return score * 100 >= passMark * total;
}

export interface CheckedQuestion {
  kind: QuestionKind;
  questions: string;
  /** Four texts; a true/false question's are « Vrai », « Faux », '' and ''. */
  answers: string[];
  /** The right options' numbers (1–4), ascending: one for single and true/false. */
  rights: number[];
  explanation?: string;
}

function checkRightNumbers(numbers: number[], options: number): number[] {
  if (numbers.some((n) => !Number.isInteger(n) || n < 1 || n > options)) {
    throw new InvalidInputError('Les bonnes réponses doivent être choisies parmi les réponses proposées.', 'right_answers');
  }
  if (new Set(numbers).size !== numbers.length) throw new InvalidInputError('Une même bonne réponse est indiquée deux fois.', 'right_answers');
  return [...numbers].sort((a, b) => a - b);
}

/**
 * Checks a question by its type: its text; four different answers and the right one among them
 * (single), or one or more right ones (multiple, given by number); « Vrai » or « Faux » (true/false).
 * `current` is the kind kept when none is given (an edit from the spec's form).
 */
export function checkQuestion(fields: QuestionFields, current: QuestionKind = 'single'): CheckedQuestion {
  const kind = fields.kind ?? current;
  if (!(QUESTION_KINDS as readonly string[]).includes(kind)) throw new InvalidInputError('Type de question inconnu.', 'kind');
  const questions = fields.questions.trim();
  if (!questions) throw new InvalidInputError('La question est obligatoire.', 'questions');
  if (questions.length > QUESTION_MAX) throw new InvalidInputError(`La question ne doit pas dépasser ${QUESTION_MAX} caractères.`, 'questions');
  const explanation = fields.explanation?.trim();
  if (explanation !== undefined && explanation.length > EXPLANATION_MAX) {
    throw new InvalidInputError(`L’explication ne doit pas dépasser ${EXPLANATION_MAX} caractères.`, 'explanation');
  }
  if (kind === 'true-false') {
    const text = fields.rightAnswer.trim().toLowerCase();
    const byText = TRUE_FALSE.findIndex((option) => option.toLowerCase() === text) + 1;
    const rights = fields.rightAnswers?.length ? checkRightNumbers(fields.rightAnswers, 2) : byText > 0 ? [byText] : [];
    if (rights.length !== 1) throw new InvalidInputError('Pour une question vrai/faux, la bonne réponse est « Vrai » ou « Faux ».', 'right_ans');
    return { kind, questions, answers: [...TRUE_FALSE, '', ''], rights, explanation };
  }
  const answers = fields.answers.map((answer) => answer.trim());
  answers.forEach((answer, i) => {
    if (!answer) throw new InvalidInputError(`La réponse ${i + 1} est obligatoire.`, `ans${i + 1}`);
    if (answer.length > ANSWER_MAX) throw new InvalidInputError(`La réponse ${i + 1} ne doit pas dépasser ${ANSWER_MAX} caractères.`, `ans${i + 1}`);
  });
  if (new Set(answers).size !== 4) throw new InvalidInputError('Les 4 réponses doivent être différentes.', 'ans4');
  if (kind === 'multiple') {
    const rights = checkRightNumbers(fields.rightAnswers ?? [], 4);
    if (rights.length === 0) throw new InvalidInputError('Cochez au moins une bonne réponse.', 'right_answers');
    return { kind, questions, answers, rights, explanation };
  }
  const right = fields.rightAnswers?.length === 1 && !fields.rightAnswer.trim() ? fields.rightAnswers[0]! - 1 : answers.indexOf(fields.rightAnswer.trim());
  if (right < 0 || right > 3) throw new InvalidInputError(RIGHT_ANSWER_NOT_OFFERED, 'right_ans');
  return { kind, questions, answers, rights: [right + 1], explanation };
}

/** Whether the options chosen are exactly the right ones (all-or-nothing, ADR 0045). */
export function isRight(chosen: readonly number[], rights: readonly number[]): boolean {
  return chosen.length === rights.length && chosen.every((n) => rights.includes(n));
}

function checkQuiz(title: string, detail: string): { title: string; detail: string } {
  const t = title.trim();
  if (!t) throw new InvalidInputError('Le titre du quiz est obligatoire.', 'title');
  if (t.length > QUIZ_TITLE_MAX) throw new InvalidInputError(`Le titre du quiz ne doit pas dépasser ${QUIZ_TITLE_MAX} caractères.`, 'title');
  if (detail.length > QUIZ_DETAIL_MAX) throw new InvalidInputError(`La description ne doit pas dépasser ${QUIZ_DETAIL_MAX} caractères.`, 'detail');
  return { title: t, detail: detail.trim() };
}

/**
 * A quiz and its ordered questions: the assessment context's authoring aggregate. Its trainer and
 * admins author it. A question students answered, or a quiz they took, is archived when removed,
 * never deleted: their answers stay readable.
 */
@Entity({ tableName: 'quiz', schema: 'assessment' })
export class Quiz extends AggregateRoot<QuizEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'teacher_id', nullable: true })
  teacherId: number | null;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'text' })
  detail!: string;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date;

  @Property({ type: 'datetime', fieldName: 'archived_at', nullable: true })
  archivedAt: Date | null = null;

  @Property({ type: 'smallint', fieldName: 'pass_mark', nullable: true })
  passMark: number | null = null;

  @Property({ type: 'integer', fieldName: 'max_attempts', nullable: true })
  maxAttempts: number | null = null;

  @Property({ type: 'integer', fieldName: 'time_limit_minutes', nullable: true })
  timeLimitMinutes: number | null = null;

  @Property({ type: 'boolean' })
  shuffle = false;

  @Property({ type: 'string', length: 100, fieldName: 'draw_category', nullable: true })
  drawCategory: string | null = null;

  @Property({ type: 'integer', fieldName: 'draw_count', nullable: true })
  drawCount: number | null = null;

  @Property({ type: 'integer' })
  version = 0;

  // A question taken out of its quiz is deleted (an answered one is archived and stays in).
  @OneToMany(() => Question, (question) => question.quiz, { orderBy: { order: 'asc', id: 'asc' }, orphanRemoval: true })
  questions = new Collection<Question>(this);

  /** The courses it is assigned to. */
  @OneToMany(() => QuizCourse, (assignment) => assignment.quiz, { orphanRemoval: true })
  courses = new Collection<QuizCourse>(this);

  private constructor(teacherId: number | null, title: string, detail: string, rules: QuizRules, now: Date) {
    super();
    Object.assign(this, checkQuiz(title, detail), rules);
    this.teacherId = teacherId;
    this.createdAt = now;
  }

  static create(teacherId: number | null, title: string, detail: string, now: Date, rules: Partial<QuizRules> = {}): Quiz {
    const checked = checkRules(rules);
    const quiz = new Quiz(teacherId, title, detail, checked, now);
    quiz.record(() => ({ type: 'QuizCreated', payload: { quizId: quiz.id, teacherId, ...checked } }));
    return quiz;
  }

  get rules(): QuizRules {
    return {
      passMark: this.passMark, maxAttempts: this.maxAttempts, timeLimitMinutes: this.timeLimitMinutes,
      shuffle: this.shuffle, drawCategory: this.drawCategory, drawCount: this.drawCount,
    };
  }

  stream(): StreamRef {
    return { type: QUIZ_STREAM, id: this.id };
  }

  /** Admins author every quiz; a trainer only their own. */
  assertAuthor(actor: Actor): void {
    if (actor.role === 'admin' || (actor.role === 'teacher' && this.teacherId === actor.profileId)) return;
    throw new ForbiddenError("Ce quiz n'est pas le vôtre.");
  }

  /** New title, detail and rules (a rule left undefined is kept: the spec's form sends none). */
  update(title: string, detail: string, rules: Partial<QuizRules> = {}): void {
    this.assertLive();
    const checked = checkRules(rules, this.rules);
    Object.assign(this, checkQuiz(title, detail), checked);
    this.record({ type: 'QuizUpdated', payload: { quizId: this.id, ...checked } });
  }

  /** Archived when students answered it (their results stay readable), deleted otherwise. */
  remove(answered: boolean, now: Date): 'archive' | 'delete' {
    this.assertLive();
    if (answered) {
      this.archivedAt = now;
      this.record({ type: 'QuizArchived', payload: { quizId: this.id } });
      return 'archive';
    }
    this.record({ type: 'QuizDeleted', payload: { quizId: this.id } });
    return 'delete';
  }

  liveQuestions(): Question[] {
    return this.questions.getItems().filter((q) => !q.archivedAt).sort((a, b) => a.order - b.order);
  }

  question(questionId: number): Question {
    const question = this.liveQuestions().find((q) => q.id === questionId);
    if (!question) throw new QuestionNotFoundError();
    return question;
  }

  /** A live question's content as a form would send it (to copy it into its trainer's bank). */
  questionFields(questionId: number): QuestionFields {
    const q = this.question(questionId);
    const [ans1, ans2, ans3, ans4] = q.answers as [string, string, string, string];
    return { kind: q.kind, questions: q.questions, answers: [ans1, ans2, ans3, ans4], rightAnswer: '', rightAnswers: q.rights, explanation: q.explanation };
  }

  addQuestion(fields: QuestionFields): Question {
    this.assertLive();
    const question = new Question(this.liveQuestions().length + 1);
    question.apply(fields);
    question.quiz = this;
    this.questions.add(question);
    this.record(() => ({ type: 'QuestionAdded', payload: { quizId: this.id, questionId: question.id, order: question.order, kind: question.kind } }));
    return question;
  }

  changeQuestion(questionId: number, fields: QuestionFields): void {
    this.assertLive();
    const question = this.question(questionId);
    const { kind, rights } = question.apply(fields);
    this.record({ type: 'QuestionChanged', payload: { quizId: this.id, questionId, rightAnswer: rights[0]!, kind, rightAnswers: rights } });
  }

  /** Archived when answered (the answers keep their question), deleted otherwise; the others close up. */
  removeQuestion(questionId: number, answered: boolean, now: Date): void {
    this.assertLive();
    const question = this.question(questionId);
    if (answered) question.archivedAt = now;
    else this.questions.remove(question);
    this.liveQuestions().filter((q) => q !== question).forEach((q, i) => (q.order = i + 1));
    this.record({ type: 'QuestionRemoved', payload: { quizId: this.id, questionId, archived: answered } });
  }

  isAssignedTo(courseId: number): boolean {
    return this.courses.getItems().some((assignment) => assignment.courseId === courseId);
  }

  /** Assigns it to a course (the caller checked the course is the same trainer's); again is a no-op. */
  assignTo(courseId: number, now: Date): void {
    this.assertLive();
    if (this.isAssignedTo(courseId)) return;
    const assignment = new QuizCourse(courseId, now);
    assignment.quiz = this;
    this.courses.add(assignment);
    this.record({ type: 'QuizAssignedToCourse', payload: { quizId: this.id, courseId } });
  }

  unassignFrom(courseId: number): void {
    const assignment = this.courses.getItems().find((a) => a.courseId === courseId);
    if (!assignment) return;
    this.courses.remove(assignment);
    this.record({ type: 'QuizUnassignedFromCourse', payload: { quizId: this.id, courseId } });
  }

  private assertLive(): void {
    if (this.archivedAt) throw new ConflictError('Ce quiz est archivé : il ne peut plus être modifié.');
  }
}

@Entity({ tableName: 'question', schema: 'assessment' })
export class Question {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Quiz, { fieldName: 'quiz_id', deleteRule: 'cascade' })
  quiz!: Rel<Quiz>;

  @Property({ type: 'integer', fieldName: 'position' })
  order: number;

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

  @Property({ type: 'string', length: 500, fieldName: 'right_ans' })
  rightAns = '';

  @Property({ type: 'text' })
  explanation = '';

  @Property({ type: 'datetime', fieldName: 'archived_at', nullable: true })
  archivedAt: Date | null = null;

  constructor(order: number) {
    this.order = order;
  }

  /** single, multiple or true-false (ADR 0045); every question written before types is single. */
  @Property({ type: 'string', length: 20 })
  kind: QuestionKind = 'single';

  /** The right options' numbers (null on questions written before types: `right_ans` says). */
  @Property({ type: 'json', fieldName: 'right_answers', nullable: true })
  rightAnswers: number[] | null = null;

  get answers(): string[] {
    return [this.ans1, this.ans2, this.ans3, this.ans4];
  }

  /** The numbers (1–4) of the right answers. */
  get rights(): number[] {
    return this.rightAnswers ?? [this.answers.indexOf(this.rightAns) + 1];
  }

  /** Returns the checked question (its right answers' numbers). */
  apply(fields: QuestionFields): CheckedQuestion {
    const checked = checkQuestion(fields, this.kind);
    const { kind, questions, answers, rights, explanation } = checked;
    this.kind = kind;
    this.questions = questions;
    if (explanation !== undefined) this.explanation = explanation;
    [this.ans1, this.ans2, this.ans3, this.ans4] = answers as [string, string, string, string];
    // The spec's `right_ans` stays one of the answers (the first right one for several).
    this.rightAns = answers[rights[0]! - 1]!;
    this.rightAnswers = rights;
    return checked;
  }
}

@Entity({ tableName: 'quiz_course', schema: 'assessment' })
export class QuizCourse {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Quiz, { fieldName: 'quiz_id', deleteRule: 'cascade' })
  quiz!: Rel<Quiz>;

  /** A course of the catalogue (its id only: another context). */
  @Property({ type: 'integer', fieldName: 'course_id' })
  courseId: number;

  @Property({ type: 'datetime', fieldName: 'assigned_at' })
  assignedAt: Date;

  constructor(courseId: number, assignedAt: Date) {
    this.courseId = courseId;
    this.assignedAt = assignedAt;
  }
}
