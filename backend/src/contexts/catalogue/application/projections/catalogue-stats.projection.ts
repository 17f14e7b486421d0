import type { Projection, RecordedEvent } from '../../../../platform/event-log/index.js';
import type { CourseRated, StudentEnrolled } from '../../../enrolment/index.js';
import type { CoursePublished } from '../../contracts/catalogue.events.js';

export interface CourseStatsRow extends Record<string, unknown> {
  course_id: number;
  total_enrolled_students: number;
  rating_sum: number;
  rating_count: number;
}

type EnrolmentFact = RecordedEvent<StudentEnrolled['type'], StudentEnrolled['payload']> | RecordedEvent<CourseRated['type'], CourseRated['payload']>;

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
    const rated = event.payload as CourseRated['payload'];
    return { ...current, rating_sum: current.rating_sum + rated.rating, rating_count: current.rating_count + 1 };
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
