import { LockMode } from '@mikro-orm/core';
import type { UnitOfWork } from '../../../../platform/aggregate-store/index.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { ChapterNotFoundError, CourseNotFoundError, SubchapterNotFoundError } from '../../domain/catalogue.errors.js';
import { Course } from '../../domain/course.aggregate.js';
import { Chapter, Subchapter } from '../../domain/course.aggregate.js';

/**
 * Loads a course with its whole structure, locked for the transaction: changes to one course's
 * structure (two reorders at once, the spec's one PATCH per item sent together) run one after the
 * other and always see the order the previous one left. Only its author may change it.
 */
export async function loadCourseForChange(uow: UnitOfWork, actor: Actor, courseId: number): Promise<Course> {
  const course = await uow.load(Course, { id: courseId }, () => new CourseNotFoundError(), { lockMode: LockMode.PESSIMISTIC_WRITE });
  course.assertAuthor(actor);
  await uow.em.populate(course, ['chapters.subchapters']);
  return course;
}

/**
 * Before a file is uploaded for a course (AggregateStore.stage): the course exists and the actor is
 * its author. Read without a lock or a transaction; `loadCourseForChange` checks it again, locked.
 */
export async function assertMayChangeCourse(read: UnitOfWork, actor: Actor, courseId: number): Promise<Course> {
  const course = await read.load(Course, { id: courseId }, () => new CourseNotFoundError());
  course.assertAuthor(actor);
  return course;
}

/** The course of a chapter or sub-chapter (404 when the step does not exist or is archived). */
export async function courseIdOfStep(uow: UnitOfWork, kind: 'chapter' | 'subchapter', id: number): Promise<number> {
  if (kind === 'chapter') {
    const chapter = await uow.em.findOne(Chapter, { id, archivedAt: null }, { fields: ['id', 'course'] });
    if (!chapter) throw new ChapterNotFoundError();
    return chapter.course.id;
  }
  const sub = await uow.em.findOne(Subchapter, { id, archivedAt: null }, { populate: ['chapter'] });
  if (!sub || sub.chapter.isArchived) throw new SubchapterNotFoundError();
  return sub.chapter.course.id;
}
