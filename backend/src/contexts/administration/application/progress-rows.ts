import { ApiProperty } from '@nestjs/swagger';
import type { Database } from '../../../platform/database/database.js';
import { COURSE_STEP, COURSE_SUMMARY } from '../../catalogue/contracts/catalogue.read-models.js';
import { COURSE_ENROLMENT, SESSION_LEARNER, TRAINING_SESSION_SUMMARY } from '../../enrolment/contracts/enrolment.read-models.js';
import { STUDENT_RECORD, studentRecordOrder } from '../../identity/contracts/identity.read-models.js';
import { STUDENT_COURSE_FIGURES, STUDENT_FIGURES } from '../../learning-progress/contracts/learning-progress.read-models.js';

/**
 * The progress list's rows (GET /admin/students/progress/ and the progress exports), in plain SQL
 * over the read models the contexts publish in their contracts (docs/administration.md): identity's
 * student record, enrolment's enrolments, the catalogue's course summaries and live steps,
 * learning-progress's figures per student and per course. Never their tables, never the event log.
 */
/** A learner's figures in one course they follow. */
export class CourseProgressFigure {
  @ApiProperty() course_id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Étapes validées / étapes du cours (100 une fois terminé), entier 0–100' }) percentage!: number;
  @ApiProperty({ description: 'Temps actif dans ce cours, en secondes' }) active_seconds!: number;
  @ApiProperty({ type: String, nullable: true }) last_activity_at!: string | null;
  @ApiProperty() completed!: boolean;
}

export class ProgressRow {
  @ApiProperty() id!: number;
  @ApiProperty() fullname!: string;
  @ApiProperty() email!: string;
  @ApiProperty() username!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date', description: "Date d'entrée (AAAA-MM-JJ), null si non renseignée" }) date_entree!: string | null;
  @ApiProperty({ type: [String], description: 'Titres des cours suivis, par ordre alphabétique' }) courses!: string[];
  @ApiProperty({ description: 'Moyenne sur les cours suivis des étapes validées / étapes du cours (100 pour un cours terminé), entier 0–100' })
  progress_percentage!: number;
  @ApiProperty({ description: 'Temps actif total en secondes (méthode v1, docs/learning-progress.md)' }) total_time_spent_seconds!: number;
  @ApiProperty() courses_completed!: number;
  @ApiProperty({ type: () => [CourseProgressFigure], description: 'La progression cours par cours (issue 28), dans l’ordre de `courses`' })
  course_progress!: CourseProgressFigure[];
}

export interface ProgressFilter {
  /** Matched in names, e-mail, login and case number (case ignored). */
  search?: string;
  /** Inclusive bounds on the entry date (`YYYY-MM-DD`); a student without one is left out when a bound is given. */
  startDate?: string;
  endDate?: string;
  studentId?: number;
  /** The learners who were in this training session (those who left it too), through enrolment's published view. */
  sessionId?: number;
}

/** LIKE's wildcards in a search are text, not patterns; search_text is lower case. */
export function likePattern(search: string | undefined): string | null {
  return search ? `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

const MATCHING = `
  from ${STUDENT_RECORD} s
 where s.closed_at is null
   and ($1::text is null or s.search_text like $1)
   and ($2::date is null or s.date_entree >= $2)
   and ($3::date is null or s.date_entree <= $3)
   and ($4::int is null or s.id = $4)
   and ($5::int is null or exists (select 1 from ${SESSION_LEARNER} sl where sl.session_id = $5 and sl.student_id = s.id))`;

/** The rows' figures for a set of students given as `chosen (id, nom, prenom, fullname, email, username, date_entree)`. */
const figures = (extra = '') => `
  course_steps as (
    select st.course_id, count(*)::int as steps from ${COURSE_STEP} st group by st.course_id
  )
  select c.id, c.fullname, c.email, c.username, to_char(c.date_entree, 'YYYY-MM-DD') as date_entree,
         coalesce(e.courses, '{}') as courses, coalesce(e.progress, 0) as progress_percentage,
         coalesce(p.active_seconds, 0) as total_time_spent_seconds, coalesce(p.courses_completed, 0) as courses_completed,
         coalesce(e.course_progress, '[]') as course_progress${extra}
    from chosen c
    left join ${STUDENT_FIGURES} p on p.student_id = c.id
    left join lateral (
      select array_agg(co.title order by lower(co.title), co.course_id) as courses,
             round(avg(pc.percentage))::int as progress,
             json_agg(json_build_object('course_id', co.course_id, 'title', co.title, 'percentage', round(pc.percentage)::int,
                                        'active_seconds', coalesce(scp.active_seconds, 0), 'last_activity_at', scp.last_activity_at,
                                        'completed', scp.completed_at is not null) order by lower(co.title), co.course_id) as course_progress
        from ${COURSE_ENROLMENT} en
        join ${COURSE_SUMMARY} co on co.course_id = en.course_id
        left join ${STUDENT_COURSE_FIGURES} scp on scp.student_id = en.student_id and scp.course_id = en.course_id
        left join course_steps cs on cs.course_id = en.course_id
        cross join lateral (
          select case when scp.completed_at is not null then 100
                      when coalesce(cs.steps, 0) = 0 then 0
                      else least(100, coalesce(scp.validated_steps, 0) * 100.0 / cs.steps) end as percentage
        ) pc
       where en.student_id = c.id
    ) e on true
   order by ${studentRecordOrder('c')}`;

const CHOSEN_COLUMNS = 's.id, s.nom, s.prenom, s.fullname, s.email, s.username, s.date_entree';

/** One page of the list, by name (the student record's order), and how many students match. */
export const PROGRESS_PAGE_SQL = `
  with chosen as (
    select ${CHOSEN_COLUMNS}, count(*) over ()::int as total
    ${MATCHING}
     order by ${studentRecordOrder('s')} limit $6 offset $7
  ), ${figures(', c.total').trim()}`;

/** A batch after (nom, prenom, id), for the exports' keyset walk. */
export const PROGRESS_BATCH_SQL = `
  with chosen as (
    select ${CHOSEN_COLUMNS}
    ${MATCHING}
       and (${studentRecordOrder('s')}) > ($6::text, $7::text, $8::int)
     order by ${studentRecordOrder('s')} limit $9
  ), ${figures(', c.nom, c.prenom').trim()}`;

export const PROGRESS_COUNT_SQL = `select count(*)::int as total ${MATCHING}`;

export function filterParams(filter: ProgressFilter): unknown[] {
  return [likePattern(filter.search), filter.startDate ?? null, filter.endDate ?? null, filter.studentId ?? null, filter.sessionId ?? null];
}

/** The session a filter names, from enrolment's published view: its name for a file name, null when there is none. */
export async function sessionOfFilter(db: Database, sessionId: number): Promise<{ name: string; start_date: string } | null> {
  const session = await db.one<{ name: string; start_date: string }>(
    `select name, to_char(start_date, 'YYYY-MM-DD') as start_date from ${TRAINING_SESSION_SUMMARY} where session_id = $1`,
    [sessionId],
  );
  return session ?? null;
}

export async function progressPage(db: Database, filter: ProgressFilter, page: { page: number; pageSize: number }): Promise<{ results: ProgressRow[]; count: number }> {
  const rows = await db.query<ProgressRow & { total: number }>(PROGRESS_PAGE_SQL, [...filterParams(filter), page.pageSize, (page.page - 1) * page.pageSize]);
  // The window count rides on the page's rows; past the last page there are none to carry it.
  const count = rows[0]?.total ?? (page.page > 1 ? await countMatching(db, filter) : 0);
  return { results: rows.map(({ total: _total, ...row }) => row), count };
}

export async function countMatching(db: Database, filter: ProgressFilter): Promise<number> {
  return (await db.one<{ total: number }>(PROGRESS_COUNT_SQL, filterParams(filter)))?.total ?? 0;
}

/** Every matching row, `batchSize` at a time (keyset on name and id): never all in memory. */
export async function* progressBatches(db: Database, filter: ProgressFilter, batchSize = 1000): AsyncGenerator<ProgressRow[]> {
  let after: [string, string, number] = ['', '', 0];
  for (;;) {
    const rows = await db.query<ProgressRow & { nom: string; prenom: string }>(PROGRESS_BATCH_SQL, [...filterParams(filter), ...after, batchSize]);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = [last.nom, last.prenom, last.id];
  }
}
