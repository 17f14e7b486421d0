import type { QueryBus } from '@nestjs/cqrs';
import { GetTeacherSummaries } from '../../../identity/contracts/identity.queries.js';
import type { CourseSummary } from '../../contracts/catalogue.queries.js';

/** A row of SUMMARY_SELECT (course.sql.ts). */
export interface CourseRow extends Omit<CourseSummary, 'teacher' | 'category'> {
  category_id: number;
  category_title: string;
  category_slug: string;
  total_count: number;
}

/** Attaches trainer names and photos (identity's query) to course rows. */
export async function toSummaries(queries: QueryBus, rows: CourseRow[]): Promise<CourseSummary[]> {
  const teachers = await queries.execute(new GetTeacherSummaries(rows.flatMap((r) => (r.formateur === null ? [] : [r.formateur]))));
  return rows.map(({ category_id, category_title, category_slug, total_count: _count, ...row }) => ({
    ...row,
    category: { id: category_id, title: category_title, slug: category_slug },
    teacher: (row.formateur !== null && teachers.get(row.formateur)) || null,
  }));
}
