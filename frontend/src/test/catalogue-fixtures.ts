import type { CourseSummary } from '../components/course';
import type { Paged } from '../lib/paged';

/** A course summary as the API lists it; override what a test cares about. */
export function courseSummary(overrides: Partial<CourseSummary> = {}): CourseSummary {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Cours ${id}`,
    description: `Description du cours ${id}.`,
    featured_img: `/media/courses/cours-${id}.jpg`,
    total_enrolled_students: 12,
    course_rating: 4.5,
    rating_count: 8,
    category: { id: 3, title: 'Bureautique', slug: 'bureautique' },
    teacher: { id: 4, full_name: 'Claire Martin', profile_img: null },
    formateur: 4,
    techs: 'Excel, Word',
    total_chapters: 2,
    total_duration: 5400,
    status: 'published',
    ...overrides,
  };
}

export function paged<T>(results: T[], { count = results.length, next = null, previous = null }: {
  count?: number;
  next?: string | null;
  previous?: string | null;
} = {}): Paged<T> {
  return { count, next, previous, results };
}
