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

export interface QuestionFields {
  questions: string;
  answers: [string, string, string, string];
  rightAnswer: string;
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
}

export const NO_RULES: QuizRules = { passMark: null, maxAttempts: null, timeLimitMinutes: null };

/** Checks the rules a trainer entered; a field left undefined keeps `current`'s. */
export function checkRules(rules: Partial<QuizRules>, current: QuizRules = NO_RULES): QuizRules {
  const merged = { ...current, ...Object.fromEntries(Object.entries(rules).filter(([, v]) => v !== undefined)) } as QuizRules;
  const { passMark, maxAttempts, timeLimitMinutes } = merged;
  if (passMark !== null && (!Number.isInteger(passMark) || passMark < 0 || passMark > 100)) {
    throw new InvalidInputError('Le seuil de réussite doit être un pourcentage entier entre 0 et 100.', 'pass_mark');
  }
  if (maxAttempts !== null && (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > ATTEMPTS_MAX)) {
    throw new InvalidInputError(`Le nombre de tentatives doit être un entier entre 1 et ${ATTEMPTS_MAX} (vide : illimité).`, 'max_attempts');
  }
  if (timeLimitMinutes !== null && (!Number.isInteger(timeLimitMinutes) || timeLimitMinutes < 1 || timeLimitMinutes > TIME_LIMIT_MAX)) {
    throw new InvalidInputError(`La durée limite doit être un nombre entier de minutes entre 1 et ${TIME_LIMIT_MAX} (vide : sans limite).`, 'time_limit');
  }
  return { passMark, maxAttempts, timeLimitMinutes };
}

/** Whether a score passes the pass mark (none: completing is passing). */
export function passes(score: number, total: number, passMark: number | null): boolean {
  if (passMark === null) return true;
  if (total <= 0) return false;
  return score * 100 >= passMark * total;
}

/** Checks a question: its text, four different answers, and a right answer that is one of them (its number 1–4). */
export function checkQuestion(fields: QuestionFields): { questions: string; answers: string[]; right: number; explanation?: string } {
  const questions = fields.questions.trim();
  if (!questions) throw new InvalidInputError('La question est obligatoire.', 'questions');
  if (questions.length > QUESTION_MAX) throw new InvalidInputError(`La question ne doit pas dépasser ${QUESTION_MAX} caractères.`, 'questions');
  const answers = fields.answers.map((answer) => answer.trim());
  answers.forEach((answer, i) => {
    if (!answer) throw new InvalidInputError(`La réponse ${i + 1} est obligatoire.`, `ans${i + 1}`);
    if (answer.length > ANSWER_MAX) throw new InvalidInputError(`La réponse ${i + 1} ne doit pas dépasser ${ANSWER_MAX} caractères.`, `ans${i + 1}`);
  });
  if (new Set(answers).size !== 4) throw new InvalidInputError('Les 4 réponses doivent être différentes.', 'ans4');
  const right = answers.indexOf(fields.rightAnswer.trim());
  if (right < 0) throw new InvalidInputError(RIGHT_ANSWER_NOT_OFFERED, 'right_ans');
  const explanation = fields.explanation?.trim();
  if (explanation !== undefined && explanation.length > EXPLANATION_MAX) {
    throw new InvalidInputError(`L’explication ne doit pas dépasser ${EXPLANATION_MAX} caractères.`, 'explanation');
  }
  return { questions, answers, right: right + 1, explanation };
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
    return { passMark: this.passMark, maxAttempts: this.maxAttempts, timeLimitMinutes: this.timeLimitMinutes };
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

  addQuestion(fields: QuestionFields): Question {
    this.assertLive();
    const question = new Question(this.liveQuestions().length + 1);
    question.apply(fields);
    question.quiz = this;
    this.questions.add(question);
    this.record(() => ({ type: 'QuestionAdded', payload: { quizId: this.id, questionId: question.id, order: question.order } }));
    return question;
  }

  changeQuestion(questionId: number, fields: QuestionFields): void {
    this.assertLive();
    const question = this.question(questionId);
    const right = question.apply(fields);
    this.record({ type: 'QuestionChanged', payload: { quizId: this.id, questionId, rightAnswer: right } });
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

  get answers(): string[] {
    return [this.ans1, this.ans2, this.ans3, this.ans4];
  }

  /** The number (1–4) of the right answer. */
  get rightNumber(): number {
    return this.answers.indexOf(this.rightAns) + 1;
  }

  /** Returns the right answer's number. */
  apply(fields: QuestionFields): number {
    const { questions, answers, right, explanation } = checkQuestion(fields);
    this.questions = questions;
    if (explanation !== undefined) this.explanation = explanation;
    [this.ans1, this.ans2, this.ans3, this.ans4] = answers as [string, string, string, string];
    this.rightAns = answers[right - 1]!;
    return right;
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
