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
    // The quiz-attempts projection (a moment behind the answers); an attempt in progress counts
    // the quiz's live questions.
    const rows = await this.db.query<AttemptRow>(
      `select r.attempt_id::int as id, r.student_id, r.attempt,
              coalesce(r.total, (select count(*) from assessment.question x where x.quiz_id = r.quiz_id and x.archived_at is null))::int as total_questions,
              r.answered as total_attempted_questions, r.correct as total_correct_questions,
              to_char(r.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as started_at,
              to_char(r.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as completed_at,
              extract(epoch from (r.last_answer_at - r.started_at))::int as duration_seconds
         from assessment.attempt_result r
        where r.quiz_id = $1
        order by r.started_at desc, r.attempt_id desc`,
      [quizId],
    );
    const students = await this.queries.execute(new GetStudentSummaries(rows.map((r) => r.student_id)));
    // A closed account leaves the list (identity answers open accounts only, ADR 0015); its attempts stay kept.
    return rows.flatMap(({ student_id, ...row }) => {
      const s = students.get(student_id);
      return s ? [{ ...row, quiz: { id: quizId }, student: { id: student_id, fullname: s.fullname, email: s.email, username: s.username } }] : [];
    });
  }
}
