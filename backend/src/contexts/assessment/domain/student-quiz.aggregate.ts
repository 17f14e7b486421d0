import { Collection, type Rel } from '@mikro-orm/core';
import { Entity, Formula, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import { STUDENT_QUIZ_STREAM, type StudentQuizEvent } from '../contracts/assessment.events.js';
import { isRight, NO_RULES, passes, type QuestionKind, type QuizRules } from './quiz.aggregate.js';

/** What the student answers against: the question's id, its type, its four answers, its right answers' numbers. */
export interface AnsweredQuestion {
  id: number;
  kind: QuestionKind;
  answers: string[];
  rights: number[];
  /** A question drawn from the bank: its revision and content hash as the paper recorded them (QuestionAnswered says so). */
  bank?: { version: number; hash: string };
}

/**
 * The options a student chose, by number, checked against the question (ADR 0045): known options,
 * no duplicates, at least one, and only one unless the question has several right answers. A text
 * (the spec's `right_ans`) is the option with that text.
 */
export function chosenOptions(question: AnsweredQuestion, choice: string | readonly number[]): number[] {
  const offered = question.answers.map((text, i) => (text ? i + 1 : 0)).filter((n) => n > 0);
  const numbers = typeof choice === 'string' ? [question.answers.indexOf(choice.trim()) + 1].filter(() => choice.trim() !== '') : [...choice];
  if (numbers.length === 0) throw new InvalidInputError('Choisissez au moins une réponse.', 'choices');
  if (numbers.some((n) => !offered.includes(n))) throw new InvalidInputError('Cette réponse ne fait pas partie des réponses proposées.', 'right_ans');
  if (new Set(numbers).size !== numbers.length) throw new InvalidInputError('Une même réponse ne peut pas être choisie deux fois.', 'choices');
  if (numbers.length > 1 && question.kind !== 'multiple') throw new InvalidInputError('Cette question n’attend qu’une seule réponse.', 'choices');
  return numbers.sort((a, b) => a - b);
}

/** An option as served: its number in the question (the id answers and events carry) and its text. */
export interface PaperOption {
  id: number;
  text: string;
}

/**
 * A question of an attempt's paper (ADR 0045): a copy of what was asked, in the order served, with
 * its options in the order shown; the quiz's own question or a bank question at a revision, and
 * the SHA-256 of its content.
 */
export interface PaperQuestion {
  questionId: number;
  source: 'quiz' | 'bank';
  version: number;
  hash: string;
  kind: QuestionKind;
  questions: string;
  options: PaperOption[];
  rights: number[];
  explanation: string;
}

/** A paper question as the answer's rule reads it (its answers by option number). */
export function answeredFromPaper(
  question: Pick<PaperQuestion, 'questionId' | 'kind' | 'options' | 'rights'> & Partial<Pick<PaperQuestion, 'source' | 'version' | 'hash'>>,
): AnsweredQuestion {
  const answers = ['', '', '', ''];
  for (const option of question.options) answers[option.id - 1] = option.text;
  const bank = question.source === 'bank' && question.version !== undefined && question.hash !== undefined ? { bank: { version: question.version, hash: question.hash } } : {};
  return { id: question.questionId, kind: question.kind, answers, rights: question.rights, ...bank };
}

/** Where the quiz is taken from, when the course player says so. */
export interface QuizPlace {
  courseId: number | null;
  chapterId: number | null;
  subchapterId: number | null;
}

export const NO_PLACE: QuizPlace = { courseId: null, chapterId: null, subchapterId: null };

/** Why a trainer validates a quiz by hand (ADR 0043): the category is in the event, the text only in assessment's records. */
export const VALIDATION_CATEGORIES = ['evaluation-orale', 'evaluation-pratique', 'incident-technique', 'amenagement', 'autre'] as const;
export type ValidationCategory = (typeof VALIDATION_CATEGORIES)[number];
export const VALIDATION_REASON_MAX = 2000;

/** An answer given, as the rules read it: to which question, the options chosen, right or not. */
export interface GivenAnswer {
  attempt: number;
  questionId: number;
  options: number[];
  correct: boolean;
}

/** An answer of the attempt in progress as read with the student's quiz (`givenAnswers`): a value, not a row the unit of work tracks. */
interface GivenAnswerRow {
  attempt: number;
  questionId: number;
  chosen: number;
  choices: number[] | null;
  correct: boolean;
}

/**
 * The answers of the attempt in progress, read in the student's quiz's own statement as one JSON
 * value (issue 28's answer path, ADR 0043 item 10): the rules need their question, options and
 * verdict only, so they are not hydrated and tracked as entities the flush then compares.
 * Exported for the benchmark's baseline, which sends the same statement.
 */
export const GIVEN_ANSWERS_SQL = (id: string, attempt: string): string =>
  `(select coalesce(json_agg(json_build_object('attempt', a.attempt, 'questionId', a.question_id, 'chosen', a.chosen, 'choices', a.choices, 'correct', a.correct) order by a.id), '[]'::json)
     from assessment.quiz_answer a where a.student_quiz_id = ${id} and a.attempt = ${attempt})`;

/**
 * Whether an attempt was served on a paper (ADR 0045), read with the student's quiz in the answer
 * path's statement instead of every attempt's paper (ADR 0043 item 11): only the attempt in
 * progress's paper is then loaded, and only when it has one. Exported for the benchmark's baseline.
 */
export const ON_PAPER_SQL = (attemptId: string): string => `exists (select 1 from assessment.attempt_question q where q.attempt_id = ${attemptId})`;

/** What an answer did: recorded (or found already recorded: a retry), or refused because the time limit passed (the attempt closed). */
export type AnswerOutcome = { kind: 'recorded'; correct: boolean; answered: number } | { kind: 'time-up'; answered: number };

/**
 * One student and one quiz: their attempts and answers. The rules: one answer per question per
 * attempt, an answer is one of the question's four, the attempt completes when every question is
 * answered or when its time limit passed (ADR 0043), and a reset starts a new attempt (the earlier
 * ones stay, as history and evidence) while the attempts allowed (the quiz's, plus those a trainer
 * granted) are not all used. The last one allowed below the pass mark marks the student out of
 * attempts: their trainer grants one more or validates by hand.
 */
@Entity({ tableName: 'student_quiz', schema: 'assessment' })
export class StudentQuiz extends AggregateRoot<StudentQuizEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'student_id' })
  studentId: number;

  @Property({ type: 'integer', fieldName: 'quiz_id' })
  quizId: number;

  /** The current attempt's number, from 1. */
  @Property({ type: 'integer' })
  attempt = 1;

  @Property({ type: 'integer' })
  version = 0;

  /** Attempts a trainer granted beyond the quiz's. */
  @Property({ type: 'integer', fieldName: 'extra_attempts' })
  extraAttempts = 0;

  /** Out of attempts below the pass mark since then (null: not, or settled by the trainer). */
  @Property({ type: 'datetime', fieldName: 'exhausted_at', nullable: true })
  exhaustedAt: Date | null = null;

  @Property({ type: 'datetime', fieldName: 'validated_at', nullable: true })
  validatedAt: Date | null = null;

  /** The account of the trainer (or admin) who validated by hand. */
  @Property({ type: 'integer', fieldName: 'validated_by', nullable: true })
  validatedBy: number | null = null;

  @Property({ type: 'string', length: 40, fieldName: 'validation_category', nullable: true })
  validationCategory: string | null = null;

  @Property({ type: 'text', fieldName: 'validation_reason', nullable: true })
  validationReason: string | null = null;

  @OneToMany(() => QuizAttempt, (a) => a.studentQuiz)
  attempts = new Collection<QuizAttempt>(this);

  /**
   * Every answer, as rows (the reset, the start, the trainer's decisions populate it). The answer
   * path populates `givenAnswers` instead; a new answer is added here either way (and inserted).
   */
  @OneToMany(() => QuizAnswer, (a) => a.studentQuiz)
  answers = new Collection<QuizAnswer>(this);

  /** The attempt in progress's answers as values, when populated (lazy: only the answer path reads them so). */
  @Formula((columns) => GIVEN_ANSWERS_SQL(columns.id!, columns.attempt!), { lazy: true, persist: false, type: 'json' })
  givenAnswers?: GivenAnswerRow[] | null;

  constructor(studentId: number, quizId: number) {
    super();
    this.studentId = studentId;
    this.quizId = quizId;
  }

  stream(): StreamRef {
    return { type: STUDENT_QUIZ_STREAM, id: this.id };
  }

  current(): QuizAttempt | undefined {
    return this.attempts.getItems().find((a) => a.attempt === this.attempt);
  }

  /** The answers of an attempt (the one in progress by default), from the rows or, on the answer path, from `givenAnswers`. */
  answersOf(attempt = this.attempt): GivenAnswer[] {
    if (this.answers.isInitialized()) return this.answers.getItems().filter((a) => a.attempt === attempt);
    // givenAnswers hold the attempt in progress only: another attempt's answers were not read.
    if (!this.givenAnswers || attempt !== this.attempt) throw new Error(`StudentQuiz: the answers of attempt ${attempt} were not loaded.`);
    const given = this.givenAnswers.filter((a) => a.attempt === attempt).map(({ attempt: no, questionId, chosen, choices, correct }) => ({ attempt: no, questionId, options: choices ?? [chosen], correct }));
    // Answers added since the load: the collection holds just these while not initialized.
    return [...given, ...this.answers.getItems(false).filter((a) => a.attempt === attempt)];
  }

  /** Whether the student may (still) answer: the current attempt is not completed. */
  get canAnswer(): boolean {
    return !this.current()?.completedAt;
  }

  /** The attempts allowed: the quiz's and those granted (null: unlimited). */
  allowed(rules: QuizRules): number | null {
    return rules.maxAttempts === null ? null : rules.maxAttempts + this.extraAttempts;
  }

  /**
   * Starts the current attempt if it has not started (a time-limited quiz starts when its first
   * question is served, ADR 0043; others at the first answer): its deadline is the server's clock
   * now plus the limit. An expired attempt is closed as it stands instead. Returns the attempt.
   */
  start(rules: QuizRules, total: number, now: Date, place: QuizPlace = NO_PLACE, paper: readonly PaperQuestion[] = []): QuizAttempt {
    const existing = this.current();
    if (existing) {
      this.closeIfExpired(rules, total, now);
      return existing;
    }
    const attempt = new QuizAttempt(this.attempt, now);
    attempt.deadline = rules.timeLimitMinutes === null ? null : new Date(now.getTime() + rules.timeLimitMinutes * 60_000);
    attempt.setPlace(place);
    attempt.studentQuiz = this;
    // The paper drawn and ordered by the server at the start (ADR 0045): what this attempt asks, as asked.
    paper.forEach((question, i) => {
      const row = new AttemptQuestion(i + 1, question);
      row.attempt = attempt;
      attempt.paper.add(row);
    });
    this.attempts.add(attempt);
    const attemptNo = this.attempt;
    const deadline = attempt.deadline?.toISOString() ?? null;
    const questions = paper.length > 0 ? { questions: paper.map((q) => ({ questionId: q.questionId, source: q.source, version: q.version, hash: q.hash })), shuffled: rules.shuffle } : {};
    this.record(() => ({ type: 'QuizAttemptStarted', payload: { studentId: this.studentId, quizId: this.quizId, attempt: attemptNo, deadline, ...questions } }));
    return attempt;
  }

  /** The current attempt's paper, in the order served (empty: the quiz's live questions, as before ADR 0045). */
  paper(): AttemptQuestion[] {
    const attempt = this.current();
    if (!attempt || !attempt.paper.isInitialized()) return [];
    return attempt.paper.getItems().sort((a, b) => a.position - b.position);
  }

  /**
   * Records the answer (the chosen answer's text) to a question of the quiz, whose live questions
   * number `total`. The same answer sent again (a retry, a second tab) answers what was recorded;
   * another one to an answered question is refused. After the deadline nothing is recorded: the
   * attempt is closed as it stands (`time-up`, the handler refuses once that is saved).
   */
  answer(
    question: AnsweredQuestion, choice: string | readonly number[], total: number, now: Date, place: QuizPlace = NO_PLACE, rules: QuizRules = NO_RULES,
  ): AnswerOutcome {
    const already = this.answersOf().find((a) => a.questionId === question.id);
    if (already) {
      const same = (() => {
        try {
          return isRight(chosenOptions(question, choice), already.options);
        } catch {
          return false;
        }
      })();
      if (same) return { kind: 'recorded', correct: already.correct, answered: this.answersOf().length };
      throw new ConflictError('Vous avez déjà répondu à cette question.');
    }
    if (!this.canAnswer) throw new ConflictError(this.closedRefusal(rules));
    const chosen = chosenOptions(question, choice);
    const attempt = this.start(rules, total, now, place);
    if (attempt.completedAt) return { kind: 'time-up', answered: this.answersOf().length };
    if (place.courseId !== null) attempt.setPlace(place);
    // All-or-nothing: exactly the right options (ADR 0045).
    const correct = isRight(chosen, question.rights);
    const answer = new QuizAnswer(this.attempt, question.id, chosen[0]!, correct, now);
    if (question.kind === 'multiple') answer.choices = chosen;
    answer.studentQuiz = this;
    this.answers.add(answer);
    const attemptNo = this.attempt;
    const choices = question.kind === 'multiple' ? { choices: chosen } : {};
    // Drawn from the bank: the log alone names the bank question and the revision answered (ADR 0045).
    const source = question.bank ? { source: 'bank' as const, version: question.bank.version, hash: question.bank.hash } : {};
    this.record(() => ({
      type: 'QuestionAnswered',
      payload: { studentId: this.studentId, quizId: this.quizId, attempt: attemptNo, questionId: question.id, chosen: chosen[0]!, correct, ...choices, ...source },
    }));
    const answered = this.answersOf().length;
    if (answered >= total) this.close(attempt, rules, total, now, 'answers');
    return { kind: 'recorded', correct, answered };
  }

  /** Closes the current attempt as it stands when its deadline passed (true when it did). */
  closeIfExpired(rules: QuizRules, total: number, now: Date): boolean {
    const attempt = this.current();
    if (!attempt || attempt.completedAt || !attempt.deadline || now.getTime() <= attempt.deadline.getTime()) return false;
    this.close(attempt, rules, total, now, 'time-limit');
    return true;
  }

  /**
   * Starts over: a new attempt (counted against those allowed); the earlier ones and their answers
   * are kept. Nothing to reset is a no-op; an expired attempt is first closed as it stands. Refused
   * once every attempt allowed is used.
   */
  reset(rules: QuizRules = NO_RULES, total = 0, now = new Date()): void {
    if (!this.current()) return;
    this.closeIfExpired(rules, total, now);
    const allowed = this.allowed(rules);
    if (allowed !== null && this.attempt >= allowed) throw new ConflictError(this.exhaustedRefusal(allowed));
    this.attempt += 1;
    this.record({ type: 'QuizAttemptsReset', payload: { studentId: this.studentId, quizId: this.quizId, attempt: this.attempt } });
  }

  /** Whether the student used every attempt allowed, the last closed below the pass mark, and no trainer settled it yet. */
  get outOfAttempts(): boolean {
    return this.exhaustedAt !== null;
  }

  /** The trainer grants one more attempt to a student out of attempts: a new attempt opens at once. */
  grantAttempt(rules: QuizRules): void {
    if (!this.outOfAttempts) throw new ConflictError("Cet apprenant n'a pas épuisé ses tentatives : rien à accorder.");
    this.extraAttempts += 1;
    this.exhaustedAt = null;
    const allowed = this.allowed(rules) ?? this.attempt + 1;
    this.record({ type: 'QuizAttemptGranted', payload: { studentId: this.studentId, quizId: this.quizId, allowed } });
    this.attempt += 1;
    this.record({ type: 'QuizAttemptsReset', payload: { studentId: this.studentId, quizId: this.quizId, attempt: this.attempt } });
  }

  /** The trainer validates the quiz by hand for a student out of attempts, with a reason (its hash goes in the event). */
  validateByHand(accountId: number, category: string, reason: string, reasonHash: string, now: Date): void {
    if (!this.outOfAttempts) throw new ConflictError("Cet apprenant n'a pas épuisé ses tentatives : il n'y a rien à valider à la main.");
    if (!(VALIDATION_CATEGORIES as readonly string[]).includes(category)) throw new InvalidInputError('Choisissez le motif de la validation.', 'category');
    const text = reason.trim();
    if (!text) throw new InvalidInputError('Précisez la raison de la validation.', 'reason');
    if (text.length > VALIDATION_REASON_MAX) throw new InvalidInputError(`La raison ne doit pas dépasser ${VALIDATION_REASON_MAX} caractères.`, 'reason');
    const last = this.attempts.getItems().find((a) => a.attempt === this.attempt) ?? null;
    this.exhaustedAt = null;
    this.validatedAt = now;
    this.validatedBy = accountId;
    this.validationCategory = category;
    this.validationReason = text;
    this.record({
      type: 'QuizValidatedByTrainer',
      payload: {
        studentId: this.studentId, quizId: this.quizId, attempt: this.attempt, score: last?.score ?? 0, total: last?.total ?? 0,
        courseId: last?.courseId ?? null, chapterId: last?.chapterId ?? null, subchapterId: last?.subchapterId ?? null,
        reasonCategory: category, reasonHash,
      },
    });
  }

  /** The French refusal once every attempt allowed is used, saying what happens next. */
  exhaustedRefusal(allowed: number): string {
    const used = allowed === 1 ? 'votre tentative' : `vos ${allowed} tentatives`;
    if (this.validatedAt) return `Vous avez utilisé ${used} : votre formateur a validé ce quiz.`;
    const last = this.current();
    if (last?.passed) return `Vous avez utilisé ${used} et réussi ce quiz : il ne peut plus être recommencé.`;
    return `Vous avez utilisé ${used} pour ce quiz. Votre formateur en est informé : il peut vous accorder une nouvelle tentative ou valider cette étape.`;
  }

  private closedRefusal(rules: QuizRules): string {
    const allowed = this.allowed(rules);
    if (allowed !== null && this.attempt >= allowed) return this.exhaustedRefusal(allowed);
    if (this.current()?.closedBy === 'time-limit') return 'Le temps imparti pour ce quiz est écoulé : recommencez-le pour répondre à nouveau.';
    return 'Vous avez terminé ce quiz : recommencez-le pour répondre à nouveau.';
  }

  private close(attempt: QuizAttempt, rules: QuizRules, given: number, now: Date, closedBy: 'answers' | 'time-limit'): void {
    // An attempt with a paper counts its own questions, whatever the quiz became since.
    const total = attempt.paper.isInitialized() && attempt.paper.length > 0 ? attempt.paper.length : given;
    const score = this.answersOf(attempt.attempt).filter((a) => a.correct).length;
    const passed = passes(score, total, rules.passMark);
    attempt.completedAt = now;
    attempt.score = score;
    attempt.total = total;
    attempt.passed = passed;
    attempt.closedBy = closedBy;
    const attemptNo = attempt.attempt;
    const { courseId, chapterId, subchapterId } = attempt;
    this.record(() => ({
      type: 'QuizCompleted',
      payload: {
        studentId: this.studentId, quizId: this.quizId, attempt: attemptNo, score, total, courseId, chapterId, subchapterId,
        passed, passMark: rules.passMark, closedBy,
      },
    }));
    const allowed = this.allowed(rules);
    if (!passed && allowed !== null && attemptNo >= allowed && !this.validatedAt) {
      this.exhaustedAt = now;
      this.record(() => ({ type: 'QuizAttemptsExhausted', payload: { studentId: this.studentId, quizId: this.quizId, attempt: attemptNo, allowed } }));
    }
  }
}

@Entity({ tableName: 'quiz_attempt', schema: 'assessment' })
export class QuizAttempt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => StudentQuiz, { fieldName: 'student_quiz_id' })
  studentQuiz!: Rel<StudentQuiz>;

  @Property({ type: 'integer' })
  attempt: number;

  @Property({ type: 'datetime', fieldName: 'started_at' })
  startedAt: Date;

  @Property({ type: 'datetime', fieldName: 'completed_at', nullable: true })
  completedAt: Date | null = null;

  /** When a time-limited attempt closes (the server's clock at its start plus the limit). */
  @Property({ type: 'datetime', nullable: true })
  deadline: Date | null = null;

  /** Where it was taken from (the player's step), for the step a trainer's validation by hand validates. */
  @Property({ type: 'integer', fieldName: 'course_id', nullable: true })
  courseId: number | null = null;

  @Property({ type: 'integer', fieldName: 'chapter_id', nullable: true })
  chapterId: number | null = null;

  @Property({ type: 'integer', fieldName: 'subchapter_id', nullable: true })
  subchapterId: number | null = null;

  /** What the server decided when it closed: the score, the total, the pass, how (answers or time limit). */
  @Property({ type: 'integer', nullable: true })
  score: number | null = null;

  @Property({ type: 'integer', nullable: true })
  total: number | null = null;

  @Property({ type: 'boolean', nullable: true })
  passed: boolean | null = null;

  @Property({ type: 'string', length: 20, fieldName: 'closed_by', nullable: true })
  closedBy: 'answers' | 'time-limit' | null = null;

  /** Its paper (ADR 0045): the questions it asks in the order served; empty for a quiz neither shuffled nor drawn. */
  @OneToMany(() => AttemptQuestion, (q) => q.attempt, { orderBy: { position: 'asc' } })
  paper = new Collection<AttemptQuestion>(this);

  /** Whether it has a paper, when populated (lazy: the answer path reads it so, then loads the current attempt's paper only if it has one). */
  @Formula((columns) => ON_PAPER_SQL(columns.id!), { lazy: true, persist: false, type: 'boolean' })
  onPaper?: boolean;

  setPlace(place: QuizPlace): void {
    this.courseId = place.courseId;
    this.chapterId = place.chapterId;
    this.subchapterId = place.subchapterId;
  }

  constructor(attempt: number, startedAt: Date) {
    this.attempt = attempt;
    this.startedAt = startedAt;
  }
}

@Entity({ tableName: 'quiz_answer', schema: 'assessment' })
export class QuizAnswer {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => StudentQuiz, { fieldName: 'student_quiz_id' })
  studentQuiz!: Rel<StudentQuiz>;

  @Property({ type: 'integer' })
  attempt: number;

  @Property({ type: 'integer', fieldName: 'question_id' })
  questionId: number;

  @Property({ type: 'smallint' })
  chosen: number;

  @Property({ type: 'boolean' })
  correct: boolean;

  @Property({ type: 'datetime', fieldName: 'answered_at' })
  answeredAt: Date;

  /** Every option chosen, for a question with several right answers (null: `chosen` alone). */
  @Property({ type: 'json', nullable: true })
  choices: number[] | null = null;

  get options(): number[] {
    return this.choices ?? [this.chosen];
  }

  constructor(attempt: number, questionId: number, chosen: number, correct: boolean, answeredAt: Date) {
    this.attempt = attempt;
    this.questionId = questionId;
    this.chosen = chosen;
    this.correct = correct;
    this.answeredAt = answeredAt;
  }
}

/** One question of an attempt's paper: a copy of what was asked (ADR 0045), never changed afterwards. */
@Entity({ tableName: 'attempt_question', schema: 'assessment' })
export class AttemptQuestion {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => QuizAttempt, { fieldName: 'attempt_id' })
  attempt!: Rel<QuizAttempt>;

  @Property({ type: 'integer' })
  position: number;

  @Property({ type: 'integer', fieldName: 'question_id' })
  questionId: number;

  @Property({ type: 'string', length: 10 })
  source: 'quiz' | 'bank';

  @Property({ type: 'integer' })
  version: number;

  @Property({ type: 'string', length: 64 })
  hash: string;

  @Property({ type: 'string', length: 20 })
  kind: QuestionKind;

  @Property({ type: 'text' })
  questions: string;

  @Property({ type: 'json' })
  options: PaperOption[];

  @Property({ type: 'json', fieldName: 'right_answers' })
  rightAnswers: number[];

  @Property({ type: 'text' })
  explanation: string;

  constructor(position: number, question: PaperQuestion) {
    this.position = position;
    this.questionId = question.questionId;
    this.source = question.source;
    this.version = question.version;
    this.hash = question.hash;
    this.kind = question.kind;
    this.questions = question.questions;
    this.options = question.options;
    this.rightAnswers = question.rights;
    this.explanation = question.explanation;
  }

  get answered(): AnsweredQuestion {
    return answeredFromPaper({
      questionId: this.questionId, kind: this.kind, options: this.options, rights: this.rightAnswers, source: this.source, version: this.version, hash: this.hash,
    });
  }
}
