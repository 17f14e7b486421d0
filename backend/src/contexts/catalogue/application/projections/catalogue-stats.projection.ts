import type { Projection, RecordedEvent } from '../../../../platform/event-log/index.js';
import type { CoursePublished } from '../../contracts/catalogue.events.js';

export interface CourseStatsRow extends Record<string, unknown> {
  course_id: number;
  total_enrolled_students: number;
  rating_sum: number;
  rating_count: number;
}

/*
 * Enrolment comes after the catalogue in the context order (docs/adr/0007-contracts-only-boundaries.md),
 * so the catalogue does not import its contract: it reads the two events as a tolerant reader, naming
 * only the payload fields it uses. enrolment.events.ts documents that the catalogue reads them.
 */
type StudentEnrolledFact = RecordedEvent<'StudentEnrolled', { courseId: number }>;
type CourseRatedFact = RecordedEvent<'CourseRated', { courseId: number; rating: number }>;
type EnrolmentFact = StudentEnrolledFact | CourseRatedFact;

/** Enrolled students and ratings per course, from the enrolment context's events. */
export const courseStatsProjection: Projection<CourseStatsRow, EnrolmentFact> = {
  name: 'catalogue.course-stats',
  table: 'catalogue.course_stats',
  primaryKey: ['course_id'],
  handles: ['StudentEnrolled', 'CourseRated'],
  key: (event) => ({ course_id: event.payload.courseId }),
  evolve: (row, event) => {
    const current = row ?? { course_id: event.payload.courseId, total_enrolled_students: 0, rating_sum: 0, rating_count: 0 };
    if (event.type === 'StudentEnrolled') return { ...current, total_enrolled_students: current.total_enrolled_students + 1 };
    return { ...current, rating_sum: current.rating_sum + event.payload.rating, rating_count: current.rating_count + 1 };
  },
};

export interface CategoryStatsRow extends Record<string, unknown> {
  category_id: number;
  total_courses: number;
}

/** Published courses per category. */
export const categoryStatsProjection: Projection<CategoryStatsRow, RecordedEvent<CoursePublished['type'], CoursePublished['payload']>> = {
  name: 'catalogue.category-stats',
  table: 'catalogue.category_stats',
  primaryKey: ['category_id'],
  handles: ['CoursePublished'],
  key: (event) => ({ category_id: event.payload.categoryId }),
  evolve: (row, event) => ({ category_id: event.payload.categoryId, total_courses: (row?.total_courses ?? 0) + 1 }),
};
