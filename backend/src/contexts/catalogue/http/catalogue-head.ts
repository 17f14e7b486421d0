import type { QueryBus } from '@nestjs/cqrs';
import { variantPathOf, IMAGE_VARIANT_WIDTHS } from '../../../platform/storage/image-variants.js';
import { GetCourseDetail } from '../application/queries/get-course-detail.query.js';
import { ListCourses } from '../application/queries/list-courses.query.js';

/**
 * The image a public page of the catalogue shows first and largest (its LCP), as the page will
 * draw it: the original, its responsive copies and the `sizes` of the front end's `CourseImage`
 * (frontend/src/lib/responsive-image.ts, `COURSE_CARD_SIZES`; features/catalogue course-overview.tsx).
 */
export interface LcpImage {
  href: string;
  srcset: string | null;
  sizes: string;
}

/**
 * What a catalogue page needs first: its LCP image and the API read it starts with, as the front
 * end's RTK Query writes it (features/catalogue/catalogue-api.ts: `getCourses`, `getCourse`).
 */
export interface CataloguePageNeeds {
  image: LcpImage | null;
  api: string;
}

/** The course grid's widths (frontend `COURSE_CARD_SIZES`) and the course page's image (`course-overview.tsx`). */
export const CARD_IMAGE_SIZES = '(min-width: 1200px) 25vw, (min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw';
export const DETAIL_IMAGE_SIZES = '(min-width: 992px) 50vw, 100vw';
/** The catalogue's page size (frontend `COURSE_PAGE_SIZE`): the first card of its first page. */
const CATALOGUE_PAGE_SIZE = 8;

const DETAIL = /^\/detail\/([1-9][0-9]{0,8})\/?$/;

function imageOf(path: string | null | undefined, sizes: string): LcpImage | null {
  if (!path) return null;
  const copies = IMAGE_VARIANT_WIDTHS.map((width) => [variantPathOf(path, width), width] as const).filter(([copy]) => copy !== null);
  return { href: path, srcset: copies.length ? copies.map(([copy, width]) => `${copy} ${width}w`).join(', ') : null, sizes };
}

/**
 * The LCP image and first read of `/all-courses` (the first card of the page asked, `?page=`) and
 * of `/detail/{id}` (a published course's image; a draft or unknown course: nothing, as for an
 * anonymous visitor, whose answer is the one everyone gets), from the catalogue's own read model
 * (docs/adr/0058). Null for any other page, a page past the last, a draft.
 */
/** The last catalogue page whose HTML answer preloads its first card (a visitor rarely goes deeper). */
export const MAX_PRELOADED_PAGE = 50;

export async function cataloguePageNeeds(queries: QueryBus, url: string): Promise<CataloguePageNeeds | null> {
  const [path = '/', search = ''] = url.split('?');
  if (path === '/all-courses' || path === '/all-courses/') {
    // As the page reads it (frontend components/course/use-page-param.ts): anything but a positive number is page 1.
    const asked = Number.parseInt(new URLSearchParams(search).get('page') ?? '1', 10);
    const page = Number.isFinite(asked) && asked > 0 ? asked : 1;
    // Deeper pages get no preload: every HTML answer would otherwise pay a large offset, for anyone.
    if (page > MAX_PRELOADED_PAGE) return null;
    const { results } = await queries.execute(new ListCourses({}, { page, pageSize: CATALOGUE_PAGE_SIZE }));
    if (!results[0]) return null;
    return { image: imageOf(results[0].featured_img, CARD_IMAGE_SIZES), api: `/api/course/?page=${page}&page_size=${CATALOGUE_PAGE_SIZE}` };
  }
  const detail = DETAIL.exec(path);
  if (detail) {
    const course = await queries.execute(new GetCourseDetail(Number(detail[1]), null)).catch(() => null);
    if (!course) return null;
    return { image: imageOf(course.featured_img, DETAIL_IMAGE_SIZES), api: `/api/course/${course.id}/` };
  }
  return null;
}
