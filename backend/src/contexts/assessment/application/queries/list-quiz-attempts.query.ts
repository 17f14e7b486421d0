import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { GetStudentSummaries } from '../../../identity/contracts/identity.queries.js';
import type { QuizAttemptView } from './assessment.views.js';
import { authoredQuiz } from './quiz-reads.js';

/** Every attempt of every student at a quiz, with score and time taken: for its trainer and admins. */
export class ListQuizAttempts extends Query<QuizAttemptView[]> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
  ) {
    super();
  }
}

type AttemptRow = Omit<QuizAttemptView, 'student' | 'quiz'> & { student_id: number };

@QueryHandler(ListQuizAttempts)
export class ListQuizAttemptsHandler implements IQueryHandler<ListQuizAttempts> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, quizId }: ListQuizAttempts): Promise<QuizAttemptView[]> {
    await authoredQuiz(this.db, actor, quizId);
    const rows = await this.db.query<AttemptRow>(
      `select a.id, s.student_id, a.attempt,
              (select count(*) from assessment.question x where x.quiz_id = s.quiz_id and x.archived_at is null)::int as total_questions,
              count(ans.id)::int as total_attempted_questions, count(ans.id) filter (where ans.correct)::int as total_correct_questions,
              to_char(a.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as started_at,
              to_char(a.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as completed_at,
              extract(epoch from (max(ans.answered_at) - a.started_at))::int as duration_seconds
         from assessment.student_quiz s
         join assessment.quiz_attempt a on a.student_quiz_id = s.id
         left join assessment.quiz_answer ans on ans.student_quiz_id = s.id and ans.attempt = a.attempt
        where s.quiz_id = $1
        group by a.id, s.student_id, s.quiz_id, a.attempt, a.started_at, a.completed_at
        order by a.started_at desc, a.id desc`,
      [quizId],
    );
    const students = await this.queries.execute(new GetStudentSummaries(rows.map((r) => r.student_id)));
    return rows.map(({ student_id, ...row }) => {
      const s = students.get(student_id);
      return { ...row, quiz: { id: quizId }, student: { id: student_id, fullname: s?.fullname ?? '', email: s?.email ?? '', username: s?.username ?? '' } };
    });
  }
}
