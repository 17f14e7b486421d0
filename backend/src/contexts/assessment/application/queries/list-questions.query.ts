import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { QuestionNotFoundError } from '../../domain/assessment.errors.js';
import type { QuestionView } from './assessment.views.js';
import { QUESTION_SELECT } from './quiz.sql.js';
import { authoredQuiz } from './quiz-reads.js';

/** A quiz's live questions in order, with their right answers: its trainer and admins only. */
export class ListQuestions extends Query<QuestionView[]> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
  ) {
    super();
  }
}

export class GetQuestion extends Query<QuestionView> {
  constructor(
    readonly actor: Actor,
    readonly questionId: number,
  ) {
    super();
  }
}

@QueryHandler(ListQuestions)
export class ListQuestionsHandler implements IQueryHandler<ListQuestions> {
  constructor(private readonly db: Database) {}

  async execute({ actor, quizId }: ListQuestions): Promise<QuestionView[]> {
    await authoredQuiz(this.db, actor, quizId);
    return this.db.query<QuestionView>(`${QUESTION_SELECT} and quiz_id = $1 order by position, id`, [quizId]);
  }
}

@QueryHandler(GetQuestion)
export class GetQuestionHandler implements IQueryHandler<GetQuestion> {
  constructor(private readonly db: Database) {}

  async execute({ actor, questionId }: GetQuestion): Promise<QuestionView> {
    const question = await this.db.one<QuestionView>(`${QUESTION_SELECT} and id = $1`, [questionId]);
    if (!question) throw new QuestionNotFoundError();
    await authoredQuiz(this.db, actor, question.quiz);
    return question;
  }
}
