import type { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { assertAuthor } from '../../domain/authorship.js';
import { ChapterNotFoundError, CourseNotFoundError, SubchapterNotFoundError } from '../../domain/catalogue.errors.js';
import { STEP_COURSE_SQL } from './authoring.sql.js';

export interface CourseRef {
  id: number;
  teacher_id: number | null;
  archived: boolean;
}

/** The live course, if the actor authors it: 404 when there is none, 403 when it is not theirs. */
export async function authoredCourse(db: Database, actor: Actor, courseId: number): Promise<CourseRef> {
  const course = await db.one<CourseRef>('select id, teacher_id, false as archived from catalogue.course where id = $1 and archived_at is null', [courseId]);
  if (!course) throw new CourseNotFoundError();
  assertAuthor(actor, course.teacher_id);
  return course;
}

/** The live course of a live step, if the actor authors it. */
export async function authoredStep(db: Database, actor: Actor, kind: 'chapter' | 'subchapter', id: number): Promise<CourseRef> {
  const course = await db.one<CourseRef>(STEP_COURSE_SQL[kind], [id]);
  if (!course || course.archived) throw kind === 'chapter' ? new ChapterNotFoundError() : new SubchapterNotFoundError();
  assertAuthor(actor, course.teacher_id);
  return course;
}
