/**
 * The catalogue's course summary as every list call answers it (GET /course/, /search-courses/,
 * /fetch-favorite-coourses/, /fetch-recommended-courses/). Shared because the catalogue and the
 * enrolment features both list courses with the same card.
 */
export interface CourseSummary {
  id: number;
  title: string;
  description: string;
  /** URL path; the server gives the default image when the course has none. */
  featured_img: string;
  total_enrolled_students: number;
  /** Average with one decimal, null while nobody rated the course. */
  course_rating: number | null;
  rating_count: number;
  category: { id: number; title: string; slug: string };
  teacher: { id: number; full_name: string; profile_img: string | null };
  formateur: number;
  /** Comma-separated. */
  techs: string;
  total_chapters: number;
  /** Seconds. */
  total_duration: number;
}

/** Paged answer of the API (`?page=`, 1-based). `next`/`previous` are URLs or null. */
export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Page size asked of the paged lists: two rows of four cards. */
export const COURSE_PAGE_SIZE = 8;
