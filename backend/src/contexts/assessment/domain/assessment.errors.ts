import { NotFoundError } from '../../../shared-kernel/index.js';

export class QuizNotFoundError extends NotFoundError {
  constructor() {
    super('Quiz introuvable.', 'quiz');
  }
}
export class QuestionNotFoundError extends NotFoundError {
  constructor() {
    super('Question introuvable.', 'question');
  }
}
