import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { QuizNotFoundError } from '../../domain/assessment.errors.js';
import { assertMayTakeQuiz } from '../quiz-access.js';
import type { QuestionKind } from '../../domain/quiz.aggregate.js';
import type { PaperOption } from '../../domain/student-quiz.aggregate.js';
import type { StudentQuestion } from './assessment.views.js';

interface PaperRow {
  id: number;
  kind: QuestionKind;
  questions: string;
  options: PaperOption[];
  number: number;
}

/**
 * The first question of a quiz (`after` null) or the one after a question, as a list (empty at the
 * end), for a student a course they follow offers it to; authors see it too. Never the right answer.
 */
export class GetStudentQuestion extends Query<StudentQuestion[]> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
    readonly after: number | null,
  ) {
    super();
  }
}

@QueryHandler(GetStudentQuestion)
export class GetStudentQuestionHandler implements IQueryHandler<GetStudentQuestion> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, quizId, after }: GetStudentQuestion): Promise<StudentQuestion[]> {
    const quiz = await this.db.one<{ teacher_id: number | null }>('select teacher_id from assessment.quiz where id = $1 and archived_at is null', [quizId]);
    if (!quiz) throw new QuizNotFoundError();
    if (actor.role === 'student') await assertMayTakeQuiz(this.db, this.queries, actor.profileId, quizId);
    else if (actor.role !== 'admin' && quiz.teacher_id !== actor.profileId) throw new ForbiddenError("Ce quiz n'est pas le vôtre.");
    if (actor.role === 'student') {
      // A shuffled or drawn attempt is served from its paper, in its order (ADR 0045): never the right answers.
      const paper = await this.db.query<PaperRow>(
        `select aq.question_id as id, aq.kind, aq.questions, aq.options, aq.position as number
           from assessment.student_quiz s
           join assessment.quiz_attempt qa on qa.student_quiz_id = s.id and qa.attempt = s.attempt
           join assessment.attempt_question aq on aq.attempt_id = qa.id
          where s.quiz_id = $1 and s.student_id = $2
          order by aq.position`,
        [quizId, actor.profileId],
      );
      if (paper.length > 0) {
        const index = after === null ? 0 : paper.findIndex((row) => row.id === after) + 1;
        const row = index > 0 || after === null ? paper[index] : undefined;
        if (!row) return [];
        const [ans1 = '', ans2 = '', ans3 = '', ans4 = ''] = row.options.map((o) => o.text);
        return [{ id: row.id, quiz: quizId, kind: row.kind, questions: row.questions, ans1, ans2, ans3, ans4, options: row.options, number: row.number, total: paper.length }];
      }
    }
    // Only these columns: the right answer is never selected for this answer.
    const rows = await this.db.query<Omit<StudentQuestion, 'options'>>(
      `with live as (
         select id, quiz_id, kind, questions, ans1, ans2, ans3, ans4, row_number() over (order by position, id)::int as number, count(*) over ()::int as total
           from assessment.question where quiz_id = $1 and archived_at is null)
       select id, quiz_id as quiz, kind, questions, ans1, ans2, ans3, ans4, number, total from live
        where number = coalesce((select number + 1 from live where id = $2), case when $2::int is null then 1 end)`,
      [quizId, after],
    );
    return rows.map((row) => ({
      ...row,
      options: [row.ans1, row.ans2, row.ans3, row.ans4].flatMap((text, i) => (text ? [{ id: i + 1, text }] : [])),
    }));
  }
}
