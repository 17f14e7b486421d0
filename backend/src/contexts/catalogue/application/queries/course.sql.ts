// The SQL of the course reads, kept free of framework imports so that the benchmark's bare
// baseline (bench/baseline/catalogue.mjs) runs exactly the same statements as the app.
import { likePattern, searchText } from '../../domain/search-text.js';

export const DEFAULT_COURSE_IMAGE = '/media/defaults/course.jpg';

/** One SELECT for every course list: the course table plus the catalogue's projections. */
export const SUMMARY_SELECT = `
  select c.id, c.title, c.description, coalesce(c.featured_img, '${DEFAULT_COURSE_IMAGE}') as featured_img,
         c.techs, c.teacher_id as formateur, c.category_id, cat.title as category_title, cat.slug as category_slug,
         coalesce(s.total_enrolled_students, 0)::int as total_enrolled_students,
         case when s.rating_count > 0 then round(s.rating_sum::numeric / s.rating_count, 1)::float8 end as course_rating,
         coalesce(s.rating_count, 0)::int as rating_count,
         coalesce(st.total_chapters, 0)::int as total_chapters, coalesce(st.total_duration, 0)::int as total_duration, c.status`;

export const SUMMARY_FROM = `
    from catalogue.course c
    join catalogue.category cat on cat.id = c.category_id
    left join catalogue.course_stats s on s.course_id = c.id
    left join lateral (
      select count(*) as total_chapters,
             coalesce(sum(ch.duration), 0)
               + coalesce((select sum(sc.duration) from catalogue.subchapter sc join catalogue.chapter x on x.id = sc.chapter_id
                            where x.course_id = c.id and x.archived_at is null and sc.archived_at is null), 0)
               as total_duration
        from catalogue.chapter ch where ch.course_id = c.id and ch.archived_at is null
    ) st on true`;

/** A live course (archived ones are kept for their learners' records, not shown); who may see a draft is the handler's business. */
export const COURSE_DETAIL_SQL = `${SUMMARY_SELECT}, 1 as total_count ${SUMMARY_FROM} where c.id = $1 and c.archived_at is null`;

export const COURSE_CHAPTERS_SQL = `
  select ch.id, ch.title, ch.description, ch.position as "order", ch.content_type, ch.duration, ch.declared_minutes,
         coalesce((select json_agg(json_build_object('id', sc.id, 'title', sc.title, 'order', sc.position,
                                                    'content_type', sc.content_type, 'duration', sc.duration,
                                                    'declared_minutes', sc.declared_minutes) order by sc.position)
                     from catalogue.subchapter sc where sc.chapter_id = ch.id and sc.archived_at is null), '[]') as subchapters
    from catalogue.chapter ch where ch.course_id = $1 and ch.archived_at is null order by ch.position`;

export interface CourseFilter {
  /** The home page's selection: most followed, then best rated, first. */
  featured?: boolean;
  categoryId?: number;
  search?: string;
  skillName?: string;
  teacherId?: number;
  /** The admin's list: courses not yet assigned to a trainer too, and drafts (the public lists show assigned, published ones only). */
  includeUnassigned?: boolean;
}

function conditions(filter: CourseFilter): { where: string; values: unknown[]; searchParam: string | null } {
  const where: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  let searchParam: string | null = null;
  where.push('c.archived_at is null');
  // Drafts are their trainer's and the admins' (docs/adr/0030): never in a public list.
  if (!filter.includeUnassigned) where.push('c.teacher_id is not null', `c.status = 'published'`);
  if (filter.categoryId !== undefined) where.push(`c.category_id = ${param(filter.categoryId)}`);
  if (filter.teacherId !== undefined) where.push(`c.teacher_id = ${param(filter.teacherId)}`);
  if (filter.skillName) {
    const skill = searchText(filter.skillName);
    where.push(`(c.search_text like ${param(likePattern(skill))} or cat.slug like ${param(likePattern(skill.replace(/\s+/g, '-')))})`);
  }
  if (filter.search !== undefined) {
    searchParam = param(likePattern(searchText(filter.search)));
    where.push(`c.search_text like ${searchParam}`);
  }
  return { where: `where ${where.join(' and ')}`, values, searchParam };
}

/** A page of courses with the total count; a search ranks title matches first. */
export function courseListQuery(filter: CourseFilter, page: { page: number; pageSize: number }): { text: string; values: unknown[] } {
  const { where, values, searchParam } = conditions(filter);
  const order = searchParam
    ? `(c.search_title like ${searchParam}) desc, c.id desc`
    : filter.featured
      ? 'coalesce(s.total_enrolled_students, 0) desc, coalesce(s.rating_sum::numeric / nullif(s.rating_count, 0), 0) desc, c.id desc'
      : 'c.id desc';
  values.push(page.pageSize, (page.page - 1) * page.pageSize);
  return {
    text: `${SUMMARY_SELECT}, count(*) over ()::int as total_count ${SUMMARY_FROM} ${where} order by ${order} limit $${values.length - 1} offset $${values.length}`,
    values,
  };
}

/** The count alone, for a page past the last one (where the windowed count has no row to ride on). */
export function courseCountQuery(filter: CourseFilter): { text: string; values: unknown[] } {
  const { where, values } = conditions(filter);
  return { text: `select count(*)::int as n from catalogue.course c join catalogue.category cat on cat.id = c.category_id ${where}`, values };
}
