import type { CoursePage, CourseSummary } from '../../lib/api-schema';

/**
 * The catalogue's course summary as every list call answers it (GET /course/, /search-courses/,
 * /fetch-favorite-coourses/, /fetch-recommended-courses/), generated from the server's OpenAPI
 * document. Shared because the catalogue and the enrolment features list courses with one card.
 */
export type { CourseSummary };

/** Paged answer of the API (`?page=`, 1-based). `next`/`previous` are URLs or null. */
export type Paged<T> = Omit<CoursePage, 'results'> & { results: T[] };

/** Page size asked of the paged lists: two rows of four cards. */
export const COURSE_PAGE_SIZE = 8;
