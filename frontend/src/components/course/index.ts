/** Course pieces shared by the catalogue and enrolment features (habit 10: features never import each other). */
export type { CourseSummary } from './course-types';
export { COURSE_PAGE_SIZE } from './course-types';
export { CourseCard } from './course-card';
export { CourseImage } from './course-image';
export { CourseGrid, LoadFailure, type GridWidth } from './course-grid';
export { Pager } from './pager';
export { PagedCourses } from './paged-courses';
export { RatingStars } from './rating-stars';
export { formatDuration, splitTechs } from './format';
export { usePageParam } from './use-page-param';
export { useLogFailure } from './use-log-failure';
export { CoursePromises, DeclaredDuration, declaredLabel, declaredSpoken, formatMinutes, NATURE_LABELS, type CourseNature, type PromisesOf } from './course-promises';
