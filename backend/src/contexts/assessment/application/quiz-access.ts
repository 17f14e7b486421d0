import type { QueryBus } from '@nestjs/cqrs';
import type { Database } from '../../../platform/database/database.js';
import { ForbiddenError } from '../../../shared-kernel/index.js';
import { QuizNotFoundError } from '../domain/assessment.errors.js';
import type { AnsweredQuestion } from '../domain/student-quiz.aggregate.js';
import { GetQuizStepCourses, IsFollowingCourse } from '../../catalogue/contracts/catalogue.queries.js';

export const NOT_YOUR_QUIZ_COURSE = "Ce quiz n'est proposé dans aucun cours que vous suivez.";

/** The courses that offer the quiz: assigned to them, or named by one of their steps. */
export async function coursesOfQuiz(db: Database, queries: QueryBus, quizId: number): Promise<number[]> {
  const [assigned, steps] = await Promise.all([
    db.query<{ course_id: number }>('select course_id from assessment.quiz_course where quiz_id = $1', [quizId]),
    queries.execute(new GetQuizStepCourses(quizId)),
  ]);
  return [...new Set([...assigned.map((row) => row.course_id), ...steps])];
}

/** Whether the student follows a course that offers the quiz (the only way to take it). */
export async function mayTakeQuiz(db: Database, queries: QueryBus, studentId: number, quizId: number): Promise<boolean> {
  for (const courseId of await coursesOfQuiz(db, queries, quizId)) {
    if (await queries.execute(new IsFollowingCourse(studentId, courseId))) return true;
  }
  return false;
}

export async function assertMayTakeQuiz(db: Database, queries: QueryBus, studentId: number, quizId: number): Promise<void> {
  if (!(await mayTakeQuiz(db, queries, studentId, quizId))) throw new ForbiddenError(NOT_YOUR_QUIZ_COURSE);
}

/** The SQL of liveQuestions: a live quiz (one row with null question fields when it has none) and its live questions, in order. */
export const LIVE_QUESTIONS_SQL = `
  select z.id as quiz_id, q.id, q.ans1, q.ans2, q.ans3, q.ans4, q.right_ans
    from assessment.quiz z
    left join assessment.question q on q.quiz_id = z.id and q.archived_at is null
   where z.id = $1 and z.archived_at is null
   order by q.position, q.id`;

/** What a student answers against: the live questions of a live quiz (404 when the quiz is not live). */
export async function liveQuestions(db: Database, quizId: number): Promise<AnsweredQuestion[]> {
  const rows = await db.query<{ id: number | null; ans1: string; ans2: string; ans3: string; ans4: string; right_ans: string }>(LIVE_QUESTIONS_SQL, [quizId]);
  if (rows.length === 0) throw new QuizNotFoundError();
  return rows.flatMap((row) => {
    if (row.id === null) return [];
    const answers = [row.ans1, row.ans2, row.ans3, row.ans4];
    return [{ id: row.id, answers, right: answers.indexOf(row.right_ans) + 1 }];
  });
}
