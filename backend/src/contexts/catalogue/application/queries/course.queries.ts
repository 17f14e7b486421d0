import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { PageRequest } from '../../../../platform/http/paging.js';
import { GetTeacherSummaries, type TeacherSummary } from '../../../identity/index.js';
import { CourseNotFoundError } from '../../domain/catalogue.errors.js';
import { likePattern, searchText } from '../../domain/search-text.js';
import { COURSE_CHAPTERS_SQL, COURSE_DETAIL_SQL, courseCountQuery, courseListQuery, SUMMARY_FROM, SUMMARY_SELECT, type CourseFilter } from './course.sql.js';

export { DEFAULT_COURSE_IMAGE, type CourseFilter } from './course.sql.js';

export interface CourseSummary {
  id: number;
  title: string;
  description: string;
  featured_img: string;
  total_enrolled_students: number;
  course_rating: number | null;
  rating_count: number;
  category: { id: number; title: string; slug: string };
  teacher: TeacherSummary | null;
  formateur: number;
  techs: string;
  total_chapters: number;
  total_duration: number;
}

interface CourseRow extends Omit<CourseSummary, 'teacher' | 'category'> {
  category_id: number;
  category_title: string;
  category_slug: string;
  total_count: number;
}

/** Attaches trainer names and photos (identity's query) to course rows. */
export async function toSummaries(queries: QueryBus, rows: CourseRow[]): Promise<CourseSummary[]> {
  const teachers = await queries.execute<GetTeacherSummaries, Map<number, TeacherSummary>>(new GetTeacherSummaries(rows.map((r) => r.formateur)));
  return rows.map(({ category_id, category_title, category_slug, total_count: _count, ...row }) => ({
    ...row,
    category: { id: category_id, title: category_title, slug: category_slug },
    teacher: teachers.get(row.formateur) ?? null,
  }));
}

/** Paged course lists: by category, trainer and skill, or a search (accent-insensitive, title matches first). */
export class ListCourses {
  constructor(
    readonly filter: CourseFilter,
    readonly page: PageRequest,
  ) {}
}

@QueryHandler(ListCourses)
export class ListCoursesHandler implements IQueryHandler<ListCourses, { results: CourseSummary[]; count: number }> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ filter, page }: ListCourses): Promise<{ results: CourseSummary[]; count: number }> {
    const list = courseListQuery(filter, page);
    const rows = await this.db.query<CourseRow>(list.text, list.values);
    let count = rows[0]?.total_count ?? 0;
    if (rows.length === 0 && page.page > 1) {
      const counting = courseCountQuery(filter);
      count = (await this.db.one<{ n: number }>(counting.text, counting.values))?.n ?? 0;
    }
    return { results: await toSummaries(this.queries, rows), count };
  }
}

export interface ChapterView {
  id: number;
  title: string;
  description: string;
  order: number;
  content_type: string;
  duration: number;
  subchapters: { id: number; title: string; order: number; content_type: string; duration: number }[];
}

export type CourseDetail = CourseSummary & { course_chapters: ChapterView[] };

/** A course with its chapters and sub-chapters in order (their content is served by the player, not here). */
export class GetCourseDetail {
  constructor(readonly courseId: number) {}
}

@QueryHandler(GetCourseDetail)
export class GetCourseDetailHandler implements IQueryHandler<GetCourseDetail, CourseDetail> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ courseId }: GetCourseDetail): Promise<CourseDetail> {
    const [rows, chapters] = await Promise.all([
      this.db.query<CourseRow>(COURSE_DETAIL_SQL, [courseId]),
      this.db.query<ChapterView>(COURSE_CHAPTERS_SQL, [courseId]),
    ]);
    if (rows.length === 0) throw new CourseNotFoundError();
    const [summary] = await toSummaries(this.queries, rows);
    return { ...summary, course_chapters: chapters };
  }
}

/** Summaries of given courses, in the given order (favourites, recommendations). */
export class GetCourseSummaries {
  constructor(readonly courseIds: readonly number[]) {}
}

@QueryHandler(GetCourseSummaries)
export class GetCourseSummariesHandler implements IQueryHandler<GetCourseSummaries, CourseSummary[]> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ courseIds }: GetCourseSummaries): Promise<CourseSummary[]> {
    if (courseIds.length === 0) return [];
    const rows = await this.db.query<CourseRow>(
      `${SUMMARY_SELECT}, 0 as total_count ${SUMMARY_FROM}
        join unnest($1::int[]) with ordinality as wanted(id, rank) on wanted.id = c.id
       order by wanted.rank`,
      [courseIds],
    );
    return toSummaries(this.queries, rows);
  }
}

/**
 * Courses for a student: in their areas of interest (matched on category, title and techs) or
 * taught by the trainers of the courses they follow; never one they follow; best rated first.
 */
export class RecommendCourses {
  constructor(
    readonly interests: readonly string[],
    readonly enrolledCourseIds: readonly number[],
    readonly limit = 12,
  ) {}
}

@QueryHandler(RecommendCourses)
export class RecommendCoursesHandler implements IQueryHandler<RecommendCourses, CourseSummary[]> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ interests, enrolledCourseIds, limit }: RecommendCourses): Promise<CourseSummary[]> {
    const patterns = interests.map((i) => searchText(i)).filter(Boolean).map(likePattern);
    const rows = await this.db.query<CourseRow>(
      `${SUMMARY_SELECT}, 0 as total_count ${SUMMARY_FROM}
        where not (c.id = any($2::int[]))
          and (c.search_text like any($1::text[])
               or replace(cat.slug, '-', ' ') like any($1::text[])
               or c.teacher_id in (select teacher_id from catalogue.course where id = any($2::int[])))
        order by (case when s.rating_count > 0 then s.rating_sum::numeric / s.rating_count end) desc nulls last,
                 coalesce(s.total_enrolled_students, 0) desc, c.id desc
        limit $3`,
      [patterns, [...enrolledCourseIds], limit],
    );
    return toSummaries(this.queries, rows);
  }
}

/** The id and title of a course, or CourseNotFoundError (404). */
export class GetCourseTitle {
  constructor(readonly courseId: number) {}
}

@QueryHandler(GetCourseTitle)
export class GetCourseTitleHandler implements IQueryHandler<GetCourseTitle, { id: number; title: string }> {
  constructor(private readonly db: Database) {}

  async execute({ courseId }: GetCourseTitle): Promise<{ id: number; title: string }> {
    const row = await this.db.one<{ id: number; title: string }>('select id, title from catalogue.course where id = $1', [courseId]);
    if (!row) throw new CourseNotFoundError();
    return row;
  }
}

export class ListAllCourses {}

@QueryHandler(ListAllCourses)
export class ListAllCoursesHandler implements IQueryHandler<ListAllCourses, { id: number; title: string }[]> {
  constructor(private readonly db: Database) {}

  execute(): Promise<{ id: number; title: string }[]> {
    return this.db.query('select id, title from catalogue.course order by title');
  }
}

/** What the public trainer page shows of their teaching. */
export class GetTeacherCourses {
  constructor(readonly teacherId: number) {}
}

@QueryHandler(GetTeacherCourses)
export class GetTeacherCoursesHandler implements IQueryHandler<GetTeacherCourses, { id: number; title: string }[]> {
  constructor(private readonly db: Database) {}

  execute({ teacherId }: GetTeacherCourses): Promise<{ id: number; title: string }[]> {
    return this.db.query('select id, title from catalogue.course where teacher_id = $1 order by id desc', [teacherId]);
  }
}
