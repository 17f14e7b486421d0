import { LockMode } from '@mikro-orm/core';
import type { UnitOfWork } from '../../../../platform/aggregate-store/index.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { QuestionNotFoundError, QuizNotFoundError } from '../../domain/assessment.errors.js';
import { Question, Quiz } from '../../domain/quiz.aggregate.js';

/** A live quiz with its questions and courses, locked for the change; only its author may change it. */
export async function loadQuizForChange(uow: UnitOfWork, actor: Actor, quizId: number): Promise<Quiz> {
  const quiz = await uow.load(Quiz, { id: quizId, archivedAt: null }, () => new QuizNotFoundError(), { lockMode: LockMode.PESSIMISTIC_WRITE });
  quiz.assertAuthor(actor);
  await uow.em.populate(quiz, ['questions', 'courses']);
  return quiz;
}

export async function quizIdOfQuestion(uow: UnitOfWork, questionId: number): Promise<number> {
  const question = await uow.em.findOne(Question, { id: questionId, archivedAt: null }, { fields: ['id', 'quiz'] });
  if (!question) throw new QuestionNotFoundError();
  return question.quiz.id;
}
