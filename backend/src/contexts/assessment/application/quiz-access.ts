import type { QueryBus } from '@nestjs/cqrs';
import type { Database } from '../../../platform/database/database.js';
import { ForbiddenError } from '../../../shared-kernel/index.js';
import { QuizNotFoundError } from '../domain/assessment.errors.js';
import type { QuestionKind, QuizRules } from '../domain/quiz.aggregate.js';
import type { AnsweredQuestion } from '../domain/student-quiz.aggregate.js';
import { GetQuizStepCourses, IsFollowingCourse } from '../../catalogue/contracts/catalogue.queries.js';
import { GetQuizStepAccess } from '../contracts/assessment.queries.js';

export const NOT_YOUR_QUIZ_COURSE = "Ce quiz n'est proposé dans aucun cours que vous suivez.";

/** The courses that offer the quiz: assigned to them (`assigned`), or naming it in one of their steps (`steps`). */
async function offersOfQuiz(db: Database, queries: QueryBus, quizId: number): Promise<{ assigned: number[]; steps: number[] }> {
  const [assigned, steps] = await Promise.all([
    db.query<{ course_id: number }>('select course_id from assessment.quiz_course where quiz_id = $1', [quizId]),
    queries.execute(new GetQuizStepCourses(quizId)),
  ]);
  return { assigned: assigned.map((row) => row.course_id), steps };
}

/** The courses that offer the quiz: assigned to them, or named by one of their steps. */
export async function coursesOfQuiz(db: Database, queries: QueryBus, quizId: number): Promise<number[]> {
  const { assigned, steps } = await offersOfQuiz(db, queries, quizId);
  return [...new Set([...assigned, ...steps])];
}

/**
 * Whether the student may take the quiz now, and the refusal when not (issue 22). A quiz that a
 * course they follow names as a step is taken only when one such step is open in the course's
 * order (learning-progress answers GetQuizStepAccess), even if a course also offers it on its own:
 * the step's evidence is never made before the step opens. Otherwise, a course they follow must
 * offer it. The same check guards starting (the first question), answering and starting over.
 */
export async function quizAccess(db: Database, queries: QueryBus, studentId: number, quizId: number): Promise<{ allowed: true } | { allowed: false; refusal: string }> {
  const { assigned, steps } = await offersOfQuiz(db, queries, quizId);
  const following = new Map<number, boolean>();
  const follows = async (courseId: number) => {
    if (!following.has(courseId)) following.set(courseId, await queries.execute(new IsFollowingCourse(studentId, courseId)));
    return following.get(courseId)!;
  };
  let locked: string | null = null;
  for (const courseId of new Set(steps)) {
    if (!(await follows(courseId))) continue;
    const access = await queries.execute(new GetQuizStepAccess(studentId, courseId, quizId));
    if (access?.open) return { allowed: true };
    if (access) locked ??= access.refusal ?? NOT_YOUR_QUIZ_COURSE;
  }
  if (locked !== null) return { allowed: false, refusal: locked };
  for (const courseId of new Set(assigned)) {
    if (await follows(courseId)) return { allowed: true };
  }
  return { allowed: false, refusal: NOT_YOUR_QUIZ_COURSE };
}

/** Whether the student may take the quiz now (quizAccess). */
export async function mayTakeQuiz(db: Database, queries: QueryBus, studentId: number, quizId: number): Promise<boolean> {
  return (await quizAccess(db, queries, studentId, quizId)).allowed;
}

export async function assertMayTakeQuiz(db: Database, queries: QueryBus, studentId: number, quizId: number): Promise<void> {
  const access = await quizAccess(db, queries, studentId, quizId);
  if (!access.allowed) throw new ForbiddenError(access.refusal);
}

/** The SQL of liveQuestions: a live quiz (one row with null question fields when it has none) and its live questions, in order. */
export const LIVE_QUESTIONS_SQL = `
  select z.id as quiz_id, z.pass_mark, z.max_attempts, z.time_limit_minutes, z.shuffle, z.draw_category, z.draw_count,
         q.id, q.kind, q.ans1, q.ans2, q.ans3, q.ans4, q.right_ans, q.right_answers
    from assessment.quiz z
    left join assessment.question q on q.quiz_id = z.id and q.archived_at is null
   where z.id = $1 and z.archived_at is null
   order by q.position, q.id`;

interface LiveQuestionRow {
  pass_mark: number | null;
  max_attempts: number | null;
  time_limit_minutes: number | null;
  shuffle: boolean;
  draw_category: string | null;
  draw_count: number | null;
  id: number | null;
  kind: QuestionKind;
  right_answers: number[] | null;
  ans1: string;
  ans2: string;
  ans3: string;
  ans4: string;
  right_ans: string;
}

/** What a student answers against: the live questions of a live quiz and its rules, in one statement (404 when the quiz is not live). */
export async function liveQuestions(db: Database, quizId: number): Promise<{ questions: AnsweredQuestion[]; rules: QuizRules }> {
  const rows = await db.query<LiveQuestionRow>(LIVE_QUESTIONS_SQL, [quizId]);
  const first = rows[0];
  if (!first) throw new QuizNotFoundError();
  const questions = rows.flatMap((row) => {
    if (row.id === null) return [];
    const answers = [row.ans1, row.ans2, row.ans3, row.ans4];
    return [{ id: row.id, kind: row.kind, answers, rights: row.right_answers ?? [answers.indexOf(row.right_ans) + 1] }];
  });
  return { questions, rules: rulesOf(first) };
}

/** A quiz row's rules (ADR 0043) and how it serves its questions (ADR 0045). */
export function rulesOf(row: Pick<LiveQuestionRow, 'pass_mark' | 'max_attempts' | 'time_limit_minutes' | 'shuffle' | 'draw_category' | 'draw_count'>): QuizRules {
  return {
    passMark: row.pass_mark, maxAttempts: row.max_attempts, timeLimitMinutes: row.time_limit_minutes,
    shuffle: row.shuffle, drawCategory: row.draw_category, drawCount: row.draw_count,
  };
}
