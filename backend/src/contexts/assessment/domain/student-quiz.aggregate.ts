import { Collection, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import { STUDENT_QUIZ_STREAM, type StudentQuizEvent } from '../contracts/assessment.events.js';
import { NO_RULES, passes, type QuizRules } from './quiz.aggregate.js';

/** What the student answers against: the question's id, its four answers, its right answer's number. */
export interface AnsweredQuestion {
  id: number;
  answers: string[];
  right: number;
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

  @OneToMany(() => QuizAnswer, (a) => a.studentQuiz)
  answers = new Collection<QuizAnswer>(this);

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

  answersOf(attempt = this.attempt): QuizAnswer[] {
    return this.answers.getItems().filter((a) => a.attempt === attempt);
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
  start(rules: QuizRules, total: number, now: Date, place: QuizPlace = NO_PLACE): QuizAttempt {
    const existing = this.current();
    if (existing) {
      this.closeIfExpired(rules, total, now);
      return existing;
    }
    const attempt = new QuizAttempt(this.attempt, now);
    attempt.deadline = rules.timeLimitMinutes === null ? null : new Date(now.getTime() + rules.timeLimitMinutes * 60_000);
    attempt.setPlace(place);
    attempt.studentQuiz = this;
    this.attempts.add(attempt);
    const attemptNo = this.attempt;
    const deadline = attempt.deadline?.toISOString() ?? null;
    this.record(() => ({ type: 'QuizAttemptStarted', payload: { studentId: this.studentId, quizId: this.quizId, attempt: attemptNo, deadline } }));
    return attempt;
  }

  /**
   * Records the answer (the chosen answer's text) to a question of the quiz, whose live questions
   * number `total`. The same answer sent again (a retry, a second tab) answers what was recorded;
   * another one to an answered question is refused. After the deadline nothing is recorded: the
   * attempt is closed as it stands (`time-up`, the handler refuses once that is saved).
   */
  answer(question: AnsweredQuestion, chosenText: string, total: number, now: Date, place: QuizPlace = NO_PLACE, rules: QuizRules = NO_RULES): AnswerOutcome {
    const chosen = question.answers.indexOf(chosenText.trim()) + 1;
    const already = this.answersOf().find((a) => a.questionId === question.id);
    if (already) {
      if (already.chosen === chosen) return { kind: 'recorded', correct: already.correct, answered: this.answersOf().length };
      throw new ConflictError('Vous avez déjà répondu à cette question.');
    }
    if (!this.canAnswer) throw new ConflictError(this.closedRefusal(rules));
    if (chosen < 1) throw new InvalidInputError('Cette réponse ne fait pas partie des réponses proposées.', 'right_ans');
    const attempt = this.start(rules, total, now, place);
    if (attempt.completedAt) return { kind: 'time-up', answered: this.answersOf().length };
    if (place.courseId !== null) attempt.setPlace(place);
    const correct = chosen === question.right;
    const answer = new QuizAnswer(this.attempt, question.id, chosen, correct, now);
    answer.studentQuiz = this;
    this.answers.add(answer);
    const attemptNo = this.attempt;
    this.record(() => ({
      type: 'QuestionAnswered',
      payload: { studentId: this.studentId, quizId: this.quizId, attempt: attemptNo, questionId: question.id, chosen, correct },
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

  private close(attempt: QuizAttempt, rules: QuizRules, total: number, now: Date, closedBy: 'answers' | 'time-limit'): void {
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

  constructor(attempt: number, questionId: number, chosen: number, correct: boolean, answeredAt: Date) {
    this.attempt = attempt;
    this.questionId = questionId;
    this.chosen = chosen;
    this.correct = correct;
    this.answeredAt = answeredAt;
  }
}
