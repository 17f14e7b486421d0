import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database.js';
import { addCalendarDays, Clock, InvalidInputError, NotFoundError, parisCalendarDate, type CalendarDate } from '../../../shared-kernel/index.js';
import { COURSE_STEP, COURSE_SUMMARY } from '../../catalogue/contracts/catalogue.read-models.js';
import { SESSION_LEARNER, TRAINING_SESSION_SUMMARY } from '../../enrolment/contracts/enrolment.read-models.js';
import { REMINDER_SUMMARY } from '../../engagement/contracts/engagement.read-models.js';
import { STUDENT_RECORD, studentRecordOrder } from '../../identity/contracts/identity.read-models.js';
import { STUDENT_COURSE_FIGURES } from '../../learning-progress/contracts/learning-progress.read-models.js';
import { COMPLAINT_SUMMARY } from '../../quality/contracts/quality.read-models.js';
import { INVITATION_SUMMARY, RESPONSE_SUMMARY } from '../../satisfaction/contracts/satisfaction.read-models.js';
import type {
  CohortFigures, ComplaintFigures, CourseIndicators, IndicatorLearner, IndicatorsView, PublicCourseResult, PublicOverall, PublicResultsView, SatisfactionFigures,
} from './indicators.views.js';

/** What the director asks: a period of entry (Paris days, inclusive), a course, a session (whose learners replace the period). */
export interface IndicatorFilters {
  from?: string;
  to?: string;
  course?: number;
  session?: number;
}

/** The learners behind a figure (docs/adr/0056). */
export const INDICATOR_FIGURES = [
  'learners', 'completed', 'dropped', 'in_progress', 'not_started', 'evaluation_taken', 'evaluation_passed', 'evaluation_failed', 'evaluation_missing',
  'reminded', 'reminded_active', 'downloaded',
] as const;
export type IndicatorFigure = (typeof INDICATOR_FIGURES)[number];

/** A period longer than this is refused: the indicators are read per year or less, audits ask for three at most. */
const MAX_PERIOD_DAYS = 3 * 366;
/** Below this many learners, the public page shows no rate (a rate of 2 people says little and points at them). */
export const PUBLIC_MINIMUM = 5;

export class IndicatorSessionNotFoundError extends NotFoundError {
  constructor() {
    super('Session introuvable.');
  }
}

export interface ResolvedScope {
  from: CalendarDate;
  to: CalendarDate;
  course: number | null;
  session: { id: number; name: string; course_id: number; start_date: string; end_date: string } | null;
}

/** The period asked, by default the twelve months up to today (the centre's day), checked. */
export function periodOf(filters: Pick<IndicatorFilters, 'from' | 'to'>, now: Date): { from: CalendarDate; to: CalendarDate } {
  const to = (filters.to ?? parisCalendarDate(now)) as CalendarDate;
  const from = (filters.from ?? addCalendarDays(addCalendarDays(to, -365), 1)) as CalendarDate;
  if (from > to) throw new InvalidInputError('La date de début doit précéder la date de fin.', 'from');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days > MAX_PERIOD_DAYS) throw new InvalidInputError('La période ne peut pas dépasser trois ans.', 'from');
  return { from, to };
}

/** The period and the session, checked. */
export async function resolveScope(db: Database, filters: IndicatorFilters, now: Date): Promise<ResolvedScope> {
  const { from, to } = periodOf(filters, now);
  let session: ResolvedScope['session'] = null;
  if (filters.session !== undefined) {
    session = (await db.one<NonNullable<ResolvedScope['session']>>(
      `select session_id as id, name, course_id, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
         from ${TRAINING_SESSION_SUMMARY} where session_id = $1`,
      [filters.session],
    )) ?? null;
    if (!session) throw new IndicatorSessionNotFoundError();
    if (filters.course !== undefined && filters.course !== session.course_id) {
      throw new InvalidInputError('Cette session n’est pas une session de la formation choisie.', 'session');
    }
  }
  return { from, to, course: session?.course_id ?? filters.course ?? null, session };
}

/**
 * The cohort as SQL: a learner's course entered in the period (or every learner who was in the
 * session), with its course's final evaluation (the quiz of its last quiz step, reading order) and
 * the learner's results on it, and the course's live steps. `$1…` parameters in `params`.
 */
export function cohortSql(scope: ResolvedScope): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where: string[] = [];
  if (scope.session) {
    where.push(`(lc.student_id, lc.course_id) in (select student_id, course_id from ${SESSION_LEARNER} where session_id = $${params.push(scope.session.id)})`);
  } else {
    where.push(`lc.enrolled_at >= ($${params.push(scope.from)}::date)::timestamp at time zone 'Europe/Paris'`);
    where.push(`lc.enrolled_at < ($${params.push(scope.to)}::date + 1)::timestamp at time zone 'Europe/Paris'`);
  }
  if (scope.course !== null) where.push(`lc.course_id = $${params.push(scope.course)}`);
  const sql = `with base as (
      select lc.* from indicators.learner_course lc where ${where.join(' and ')}
    ), final_quiz as (
      select distinct on (course_id) course_id, quiz_id from ${COURSE_STEP}
       where content_type = 'quiz' and quiz_id is not null and course_id in (select distinct course_id from base)
       order by course_id, chapter_position desc, chapter_id desc, position desc, step_id desc
    ), steps as (
      select course_id, count(*)::int as n from ${COURSE_STEP} where course_id in (select distinct course_id from base) group by course_id
    ), cohort as (
      select b.*, fq.quiz_id as final_quiz_id, coalesce(st.n, 0) as steps, lq.best_percent as final_best_percent,
             case when lq.student_id is null then null else lq.passed_at is not null end as final_passed,
             case when b.completed_at is not null then 'completed' when b.left_at is not null then 'dropped' else 'in_progress' end as outcome,
             coalesce(rm.reminders, 0) as reminders, rm.last_reminded_at,
             coalesce(rm.last_reminded_at < f.last_activity_at, false) as active_after_reminder
        from base b
        left join lateral (
          select count(*)::int as reminders, max(r.decided_at) as last_reminded_at from ${REMINDER_SUMMARY} r where r.student_id = b.student_id and r.course_id = b.course_id
        ) rm on true
        left join ${STUDENT_COURSE_FIGURES} f on f.student_id = b.student_id and f.course_id = b.course_id
        left join final_quiz fq on fq.course_id = b.course_id
        left join indicators.learner_quiz lq on lq.course_id = b.course_id and lq.quiz_id = fq.quiz_id and lq.student_id = b.student_id
        left join steps st on st.course_id = b.course_id
    )`;
  return { sql, params };
}

const FIGURES_SQL = `count(*)::int as learners,
       count(*) filter (where outcome = 'completed')::int as completed,
       count(*) filter (where outcome = 'dropped')::int as dropped,
       count(*) filter (where outcome = 'in_progress')::int as in_progress,
       count(*) filter (where outcome = 'in_progress' and steps_opened = 0)::int as not_started,
       count(final_quiz_id)::int as evaluated,
       count(final_passed)::int as evaluation_taken,
       count(*) filter (where final_passed)::int as evaluation_passed,
       avg(final_best_percent)::float as average_score,
       count(*) filter (where steps_opened > 0)::int as opened_any,
       avg(least(1, steps_opened::float / nullif(steps, 0)))::float as steps_opened_share,
       count(*) filter (where documents_downloaded > 0)::int as downloaded_any,
       coalesce(sum(documents_downloaded), 0)::int as documents_downloaded,
       count(*) filter (where reminders > 0)::int as reminded,
       count(*) filter (where active_after_reminder)::int as reminded_active,
       coalesce(sum(reminders), 0)::int as reminders_sent`;

const rate = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);
const rounded = (value: number | null, digits = 1): number | null => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits);

function figures(row: FigureRow): CohortFigures {
  return {
    ...row,
    completion_rate: rate(row.completed, row.learners),
    dropout_rate: rate(row.dropped, row.learners),
    success_rate: rate(row.evaluation_passed, row.evaluation_taken),
    reactivation_rate: rate(row.reminded_active, row.reminded),
    average_score: rounded(row.average_score),
    steps_opened_share: rounded(row.steps_opened_share, 3),
  };
}

export interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements of the cohort's figures, overall and per course (exported for the benchmark's baseline, which runs the same). */
export function figureStatements(scope: ResolvedScope): { overall: Statement; perCourse: Statement } {
  const { sql, params } = cohortSql(scope);
  return {
    overall: { sql: `${sql} select ${FIGURES_SQL} from cohort`, params },
    perCourse: {
      sql: `${sql} select c.course_id, cs.title, min(c.final_quiz_id) as final_quiz_id, ${FIGURES_SQL}
         from cohort c join ${COURSE_SUMMARY} cs on cs.course_id = c.course_id
        group by c.course_id, cs.title order by cs.title, c.course_id`,
      params,
    },
  };
}

export type FigureRow = Omit<CohortFigures, 'completion_rate' | 'dropout_rate' | 'success_rate' | 'reactivation_rate'>;
export type CourseFigureRow = FigureRow & { course_id: number; title: string; final_quiz_id: number | null };

/** The rows of `figureStatements` as the dashboard shows them (rates and rounding). */
export function readFigures(overall: FigureRow, perCourse: CourseFigureRow[]): { cohort: CohortFigures; courses: CourseIndicators[] } {
  return {
    cohort: figures(overall),
    courses: perCourse.map(({ course_id, title, final_quiz_id, ...row }) => ({ course_id, title, final_quiz_id, ...figures(row) })),
  };
}

/** The figures of the whole cohort and per course (course title from the catalogue's published view). */
export async function cohortFigures(db: Database, scope: ResolvedScope): Promise<{ cohort: CohortFigures; courses: CourseIndicators[] }> {
  const { overall, perCourse } = figureStatements(scope);
  const [total, courses] = await Promise.all([db.one<FigureRow>(overall.sql, overall.params), db.query<CourseFigureRow>(perCourse.sql, perCourse.params)]);
  return readFigures(total!, courses);
}

/** The statements of indicator 31 over the period (a session: its course, between its dates). */
export function complaintStatements(scope: ResolvedScope): { totals: Statement; categories: Statement } {
  const params: unknown[] = [];
  const from = scope.session?.start_date ?? scope.from;
  const to = scope.session?.end_date ?? scope.to;
  const where = [
    `received_at >= ($${params.push(from)}::date)::timestamp at time zone 'Europe/Paris'`,
    `received_at < ($${params.push(to)}::date + 1)::timestamp at time zone 'Europe/Paris'`,
  ];
  if (scope.course !== null) where.push(`course_id = $${params.push(scope.course)}`);
  const clause = where.join(' and ');
  return {
    totals: {
      sql: `select count(*)::int as received, count(first_answered_at)::int as answered,
              count(*) filter (where status in ('traitee', 'close'))::int as treated,
              (percentile_cont(0.5) within group (order by handling_seconds))::float as median_handling_seconds,
              avg(handling_seconds)::float as average_handling_seconds
         from ${COMPLAINT_SUMMARY} where ${clause}`,
      params,
    },
    categories: { sql: `select category, count(*)::int as count from ${COMPLAINT_SUMMARY} where ${clause} group by category order by count desc, category`, params },
  };
}

export type ComplaintTotalsRow = Omit<ComplaintFigures, 'by_category'>;

export function readComplaints(totals: ComplaintTotalsRow, categories: ComplaintFigures['by_category']): ComplaintFigures {
  return {
    ...totals,
    median_handling_seconds: rounded(totals.median_handling_seconds, 0),
    average_handling_seconds: rounded(totals.average_handling_seconds, 0),
    by_category: categories,
  };
}

async function complaintFigures(db: Database, scope: ResolvedScope): Promise<ComplaintFigures> {
  const { totals, categories } = complaintStatements(scope);
  const [row, byCategory] = await Promise.all([
    db.one<ComplaintTotalsRow>(totals.sql, totals.params),
    db.query<{ category: string; count: number }>(categories.sql, categories.params),
  ]);
  return readComplaints(row!, byCategory);
}

/** The statement of indicator 30: questionnaires sent and answered in the period (a session: its own), per kind of questionnaire. */
export function satisfactionStatement(scope: ResolvedScope): Statement {
  const params: unknown[] = [];
  const where = (column: string): string => {
    const clauses: string[] = [];
    if (scope.session) clauses.push(`session_id = $${params.push(scope.session.id)}`);
    else {
      clauses.push(`${column} >= ($${params.push(scope.from)}::date)::timestamp at time zone 'Europe/Paris'`);
      clauses.push(`${column} < ($${params.push(scope.to)}::date + 1)::timestamp at time zone 'Europe/Paris'`);
    }
    if (scope.course !== null) clauses.push(`course_id = $${params.push(scope.course)}`);
    return clauses.join(' and ');
  };
  const sent = where('sent_at');
  const answered = where('answered_at');
  return {
    sql: `select kind, sum(sent)::int as sent, sum(answered)::int as answered from (
        select questionnaire_kind as kind, 1 as sent, 0 as answered from ${INVITATION_SUMMARY} where ${sent}
        union all
        select questionnaire_kind, 0, 1 from ${RESPONSE_SUMMARY} where ${answered}
      ) t group by kind order by kind`,
    params,
  };
}

export type SatisfactionKindRow = { kind: string; sent: number; answered: number };

/** Response rates (an answer may come in the period for a questionnaire sent before it: the rate is capped at 100 %). */
export function readSatisfaction(rows: SatisfactionKindRow[]): SatisfactionFigures {
  const capped = (answered: number, sent: number) => (sent > 0 ? Math.min(1, rate(answered, sent)!) : null);
  const sent = rows.reduce((n, r) => n + r.sent, 0);
  const answered = rows.reduce((n, r) => n + r.answered, 0);
  return { sent, answered, response_rate: capped(answered, sent), by_kind: rows.map((r) => ({ ...r, response_rate: capped(r.answered, r.sent) })) };
}

export const PUBLISHED_SQL = 'select enabled, changed_at from indicators.public_results where id = 1';

async function publicResultsEnabled(db: Database): Promise<{ enabled: boolean; changed_at: Date | null }> {
  return (await db.one<{ enabled: boolean; changed_at: Date | null }>(PUBLISHED_SQL)) ?? { enabled: false, changed_at: null };
}

/** GET /api/admin/indicators/: the director's dashboard. */
export class GetIndicators extends Query<IndicatorsView> {
  constructor(readonly filters: IndicatorFilters) {
    super();
  }
}

@QueryHandler(GetIndicators)
export class GetIndicatorsHandler implements IQueryHandler<GetIndicators> {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ filters }: GetIndicators): Promise<IndicatorsView> {
    const now = this.clock.now();
    const scope = await resolveScope(this.db, filters, now);
    const satisfaction = satisfactionStatement(scope);
    const [{ cohort, courses }, complaints, published, surveys] = await Promise.all([
      cohortFigures(this.db, scope), complaintFigures(this.db, scope), publicResultsEnabled(this.db),
      this.db.query<SatisfactionKindRow>(satisfaction.sql, satisfaction.params),
    ]);
    return {
      scope: { from: scope.from, to: scope.to, course_id: scope.course, session_id: scope.session?.id ?? null, session_name: scope.session?.name ?? null },
      cohort,
      courses,
      complaints,
      satisfaction: readSatisfaction(surveys),
      public_results: published.enabled,
      computed_at: now.toISOString(),
    };
  }
}

const FIGURE_WHERE: Record<IndicatorFigure, string> = {
  learners: 'true',
  completed: `outcome = 'completed'`,
  dropped: `outcome = 'dropped'`,
  in_progress: `outcome = 'in_progress'`,
  not_started: `outcome = 'in_progress' and steps_opened = 0`,
  evaluation_taken: 'final_passed is not null',
  evaluation_passed: 'final_passed',
  evaluation_failed: 'not final_passed',
  evaluation_missing: 'final_quiz_id is not null and final_passed is null',
  reminded: 'reminders > 0',
  reminded_active: 'active_after_reminder',
  downloaded: 'documents_downloaded > 0',
};

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export type LearnerRow = Omit<IndicatorLearner, 'enrolled_at' | 'left_at' | 'completed_at' | 'last_reminded_at'> & {
  enrolled_at: Date; left_at: Date | null; completed_at: Date | null; last_reminded_at: Date | null;
};

/** The statements of the learners behind a figure, in the one order of student lists, then by course; `limit` null: all. */
export function learnerStatements(scope: ResolvedScope, figure: IndicatorFigure, limit: number | null, offset: number): { count: Statement; rows: Statement } {
  const { sql, params } = cohortSql(scope);
  const from = `from cohort c join ${STUDENT_RECORD} s on s.id = c.student_id join ${COURSE_SUMMARY} cs on cs.course_id = c.course_id where ${FIGURE_WHERE[figure]}`;
  const page = limit === null ? '' : ` limit ${Number(limit)} offset ${Number(offset)}`;
  return {
    count: { sql: `${sql} select count(*)::int as n ${from}`, params },
    rows: {
      sql: `${sql} select c.student_id, s.fullname, s.email, s.closed_at is not null as closed, c.course_id, cs.title as course_title,
              c.enrolled_at, c.left_at, c.completed_at, c.steps_opened, c.steps, c.documents_downloaded, c.final_quiz_id, c.final_best_percent, c.final_passed, c.outcome as status,
              c.reminders, c.last_reminded_at
         ${from} order by ${studentRecordOrder('s')}, c.course_id${page}`,
      params,
    },
  };
}

export const readLearner = (r: LearnerRow): IndicatorLearner => ({
  ...r, enrolled_at: iso(r.enrolled_at)!, left_at: iso(r.left_at), completed_at: iso(r.completed_at), last_reminded_at: iso(r.last_reminded_at),
});

export async function indicatorLearners(
  db: Database, scope: ResolvedScope, figure: IndicatorFigure, limit: number | null, offset: number,
): Promise<{ count: number; rows: IndicatorLearner[] }> {
  const statements = learnerStatements(scope, figure, limit, offset);
  const [count, rows] = await Promise.all([db.one<{ n: number }>(statements.count.sql, statements.count.params), db.query<LearnerRow>(statements.rows.sql, statements.rows.params)]);
  return { count: count?.n ?? 0, rows: rows.map(readLearner) };
}

/** GET /api/admin/indicators/learners/: one page of the learners behind a figure. */
export class ListIndicatorLearners extends Query<{ count: number; rows: IndicatorLearner[] }> {
  constructor(
    readonly filters: IndicatorFilters,
    readonly figure: IndicatorFigure,
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}

@QueryHandler(ListIndicatorLearners)
export class ListIndicatorLearnersHandler implements IQueryHandler<ListIndicatorLearners> {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ filters, figure, page, pageSize }: ListIndicatorLearners): Promise<{ count: number; rows: IndicatorLearner[] }> {
    const scope = await resolveScope(this.db, filters, this.clock.now());
    return indicatorLearners(this.db, scope, figure, pageSize, (page - 1) * pageSize);
  }
}

/**
 * GET /api/public-results/: the results the centre publishes (indicator 2), when it chose to: the
 * last twelve months' entries in its published courses, a rate only from PUBLIC_MINIMUM learners.
 * Switched off, the page says so and shows no figure.
 */
export class GetPublicResults extends Query<PublicResultsView> {}

@QueryHandler(GetPublicResults)
export class GetPublicResultsHandler implements IQueryHandler<GetPublicResults> {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<PublicResultsView> {
    const now = this.clock.now();
    const scope = await resolveScope(this.db, {}, now);
    const published = await publicResultsEnabled(this.db);
    const base = { from: scope.from, to: scope.to, updated_at: now.toISOString() };
    if (!published.enabled) return { enabled: false, overall: null, courses: [], ...base };
    const { courses } = await cohortFigures(this.db, scope);
    const live = new Set(
      (await this.db.query<{ course_id: number }>(`select course_id from ${COURSE_SUMMARY} where status = 'published' and archived_at is null`)).map((r) => r.course_id),
    );
    const publishedCourses = courses.filter((c) => live.has(c.course_id));
    const shown: PublicCourseResult[] = publishedCourses.map((c) => ({
      course_id: c.course_id, title: c.title, learners: c.learners,
      completion_rate: c.learners >= PUBLIC_MINIMUM ? c.completion_rate : null,
      success_rate: c.evaluation_taken >= PUBLIC_MINIMUM ? c.success_rate : null,
    }));
    // All the published courses together, from their own figures (never the drafts', the archived ones', nor any internal figure).
    const sum = (pick: (c: CourseIndicators) => number) => publishedCourses.reduce((n, c) => n + pick(c), 0);
    const learners = sum((c) => c.learners);
    const taken = sum((c) => c.evaluation_taken);
    const overall: PublicOverall | null =
      learners === 0
        ? null
        : {
            learners,
            completion_rate: learners >= PUBLIC_MINIMUM ? rate(sum((c) => c.completed), learners) : null,
            success_rate: taken >= PUBLIC_MINIMUM ? rate(sum((c) => c.evaluation_passed), taken) : null,
          };
    return { enabled: true, overall, courses: shown, ...base };
  }
}
