import type { QueryBus } from '@nestjs/cqrs';
import { ForbiddenError, NotFoundError, type Actor } from '../../../shared-kernel/index.js';
import { GetCourseOutline, GetCourseOwner, IsFollowingCourse, type CourseOutlineView, type OutlineStep } from '../../catalogue/contracts/catalogue.queries.js';
import { NOT_YOURS } from '../../../platform/auth/ownership.js';
import { orderSteps, stepKey, type Step } from '../domain/step-order.js';
import type { StepContent } from '../domain/validation-rules.js';

export const NOT_ENROLLED = "Vous n'êtes pas inscrit à ce cours.";

/**
 * The player's saves (several tabs, the SCORM runtime's commits, its page-hide copies), the quiz
 * step and the course completion all write one student's progress in a course: they queue on it
 * (docs/adr/0022), each loading what the one before committed, so that none is refused for a race.
 */
export const progressWriters = (studentId: number, courseId: number) => ({ serialize: [`learning-progress.course-progress:${studentId}:${courseId}`] });

/** A course's steps in their one order, with what each step is (content type, duration, quiz, SCOs). */
export interface CoursePlan {
  outline: CourseOutlineView;
  order: Step[];
  info: Map<string, OutlineStep>;
}

export async function coursePlan(queries: QueryBus, courseId: number): Promise<CoursePlan> {
  const outline = await queries.execute(new GetCourseOutline(courseId));
  const order = orderSteps(outline.chapters);
  const info = new Map<string, OutlineStep>();
  for (const chapter of outline.chapters) {
    info.set(stepKey({ kind: 'chapter', id: chapter.id }), chapter);
    for (const sub of chapter.subchapters) info.set(stepKey({ kind: 'subchapter', id: sub.id }), sub);
  }
  return { outline, order, info };
}

export function stepInfo(plan: CoursePlan, step: Pick<Step, 'kind' | 'id'>): { step: Step; info: OutlineStep } {
  const found = plan.order.find((s) => s.kind === step.kind && s.id === step.id);
  const info = found && plan.info.get(stepKey(found));
  if (!found || !info) throw new NotFoundError(step.kind === 'chapter' ? 'Chapitre introuvable dans ce cours.' : 'Sous-chapitre introuvable dans ce cours.', step.kind);
  return { step: found, info };
}

/** What the step's validation rule depends on, from the catalogue's description of the step. */
export const contentOf = (info: OutlineStep): StepContent => ({ contentType: info.content_type, video: info.video, duration: info.duration, quizId: info.quiz_id });

/** The student themselves, following the course (enrolled, or by their formation title). */
export async function assertLearner(queries: QueryBus, actor: Actor, studentId: number, courseId: number): Promise<void> {
  if (!(actor.role === 'student' && actor.profileId === studentId)) throw new ForbiddenError(NOT_YOURS);
  if (!(await queries.execute(new IsFollowingCourse(studentId, courseId)))) throw new ForbiddenError(NOT_ENROLLED);
}

/** Who reads a student's progress in a course: the student (following it), the course's trainer, admins. */
export async function assertProgressReader(queries: QueryBus, actor: Actor, studentId: number, courseId: number): Promise<void> {
  if (actor.role === 'admin') return;
  if (actor.role === 'student') return assertLearner(queries, actor, studentId, courseId);
  const course = await queries.execute(new GetCourseOwner(courseId));
  if (!(actor.role === 'teacher' && course.teacher_id === actor.profileId)) throw new ForbiddenError(NOT_YOURS);
}
