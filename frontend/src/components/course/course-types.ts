import type { CourseSummary } from '../../lib/api-schema';

/**
 * The catalogue's course summary as every list call answers it (GET /course/, /search-courses/,
 * /fetch-favorite-coourses/, /fetch-recommended-courses/), generated from the server's OpenAPI
 * document. Shared because the catalogue and the enrolment features list courses with one card.
 */
export type { CourseSummary };

/** Page size asked of the paged lists: two rows of four cards. */
export const COURSE_PAGE_SIZE = 8;
