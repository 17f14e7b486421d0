import { Collection, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import { STUDENT_QUIZ_STREAM, type StudentQuizEvent } from '../contracts/assessment.events.js';

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

/**
 * One student and one quiz: their attempts and answers. The rules: one answer per question per
 * attempt, an answer is one of the question's four, the attempt completes when every question is
 * answered, and a reset starts a new attempt (the earlier ones stay, as history and evidence).
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

  /** Records the answer (the chosen answer's text) to a question of the quiz, whose live questions number `total`. */
  answer(question: AnsweredQuestion, chosenText: string, total: number, now: Date, place: QuizPlace = NO_PLACE): { correct: boolean; answered: number } {
    if (!this.canAnswer) throw new ConflictError('Vous avez terminé ce quiz : recommencez-le pour répondre à nouveau.');
    if (this.answersOf().some((a) => a.questionId === question.id)) throw new ConflictError('Vous avez déjà répondu à cette question.');
    const chosen = question.answers.indexOf(chosenText.trim()) + 1;
    if (chosen < 1) throw new InvalidInputError('Cette réponse ne fait pas partie des réponses proposées.', 'right_ans');
    let attempt = this.current();
    if (!attempt) {
      attempt = new QuizAttempt(this.attempt, now);
      attempt.studentQuiz = this;
      this.attempts.add(attempt);
      this.record(() => ({ type: 'QuizAttemptStarted', payload: { studentId: this.studentId, quizId: this.quizId, attempt: this.attempt } }));
    }
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
    if (answered >= total) {
      attempt.completedAt = now;
      const score = this.answersOf().filter((a) => a.correct).length;
      this.record(() => ({
        type: 'QuizCompleted',
        payload: { studentId: this.studentId, quizId: this.quizId, attempt: attemptNo, score, total, ...place },
      }));
    }
    return { correct, answered };
  }

  /** Starts over: a new attempt; the earlier ones and their answers are kept. Nothing to reset is a no-op. */
  reset(): void {
    if (!this.current()) return;
    this.attempt += 1;
    this.record({ type: 'QuizAttemptsReset', payload: { studentId: this.studentId, quizId: this.quizId, attempt: this.attempt } });
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
