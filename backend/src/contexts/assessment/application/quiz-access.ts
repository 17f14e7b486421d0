import type { QueryBus } from '@nestjs/cqrs';
import type { Database } from '../../../platform/database/database.js';
import { ForbiddenError } from '../../../shared-kernel/index.js';
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
