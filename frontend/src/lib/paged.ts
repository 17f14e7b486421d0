import type { CoursePage } from './api-schema';

/**
 * The envelope every paged list of the API answers: `{count, next, previous, results}` with
 * `?page=` (1-based) and `next`/`previous` URLs or null (architecture §4). It is taken from the
 * generated types, where each list has its own `…Page` (CoursePage, TeacherListPage, ProgressPage…)
 * that is `Paged` of its rows: use those for a call's answer, this for code written for any list.
 */
export type Paged<T> = Omit<CoursePage, 'results'> & { results: T[] };
