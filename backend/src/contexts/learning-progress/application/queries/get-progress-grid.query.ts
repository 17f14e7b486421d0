import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { NOT_YOURS } from '../../../../platform/auth/ownership.js';
import { Clock, ForbiddenError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { COURSE_STEP, COURSE_SUMMARY } from '../../../catalogue/contracts/catalogue.read-models.js';
import { COURSE_ENROLMENT } from '../../../enrolment/contracts/enrolment.read-models.js';
import { STUDENT_RECORD } from '../../../identity/contracts/identity.read-models.js';
import { readScore } from '../../domain/scorm-trace.js';
import { stepKey, type StepKind } from '../../domain/step-order.js';

/*
 * The trainer's progress grid (issue 28 item 1, docs/adr/0042-progress-grid.md): per course, one row
 * per enrolled learner, one column per live step. The whole page — the course and its owner, the
 * steps, the matching count and the page's rows with their cells, quiz and SCORM scores — is ONE
 * SQL statement over the published read models (identity's student record, enrolment's enrolments,
 * the catalogue's course summary and steps) and learning-progress's own tables (the per-course
 * projection for sorting and filtering every learner, the step rows for the page's cells only).
 */

/** A learner without activity for this many days (by the server's clock) is « inactif ». */
export const INACTIVE_AFTER_DAYS = 7;

export const GRID_SORTS = ['name', 'percentage', 'last_activity'] as const;
export type GridSort = (typeof GRID_SORTS)[number];
export const GRID_STATUSES = ['not_started', 'in_progress', 'inactive', 'finished'] as const;
export type GridStatus = (typeof GRID_STATUSES)[number];

export interface GridRequest {
  sort: GridSort;
  order: 'asc' | 'desc';
  status: GridStatus | null;
  search: string | null;
  page: number;
  pageSize: number;
}

export class GridStep {
  @ApiProperty({ enum: ['chapter', 'subchapter'] }) kind!: StepKind;
  @ApiProperty() step_id!: number;
  @ApiProperty() chapter_id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Type de contenu : la règle de progression en dépend (docs/learning-progress.md)' }) content_type!: string;
}

export class GridCell {
  @ApiProperty({ enum: ['validated', 'open', 'locked'], description: 'validée ; ouverte (toutes les étapes avant elle validées) ; verrouillée' }) state!: 'validated' | 'open' | 'locked';
  @ApiProperty({ type: String, nullable: true, description: 'La règle qui a validé l’étape' }) rule!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Première ouverture vue par le serveur' }) opened_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) validated_at!: string | null;
}

export class GridQuizScore {
  @ApiProperty() quiz_id!: number;
  @ApiProperty({ description: 'Meilleur score (bonnes réponses)' }) best_score!: number;
  @ApiProperty() total!: number;
  @ApiProperty() attempts!: number;
}

export class GridScormScore {
  @ApiProperty() chapter_id!: number;
  @ApiProperty() sco!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Score en pourcentage (score_scaled, ou brut sur le maximum), null sans score' }) percentage!: number | null;
}

export class GridRow {
  @ApiProperty() student_id!: number;
  @ApiProperty() fullname!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ description: 'Compte fermé (ses traces restent)' }) closed!: boolean;
  @ApiProperty({ description: 'Étapes validées / étapes du cours (100 une fois le cours terminé), entier 0–100' }) percentage!: number;
  @ApiProperty() validated_steps!: number;
  @ApiProperty({ description: 'Temps actif en secondes (méthode v1)' }) active_seconds!: number;
  @ApiProperty({ type: String, nullable: true }) last_activity_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) completed_at!: string | null;
  @ApiProperty({ enum: GRID_STATUSES }) status!: GridStatus;
  @ApiProperty({ type: [GridCell], description: 'Une cellule par étape, dans l’ordre de `steps`' }) cells!: GridCell[];
  @ApiProperty({ type: [GridQuizScore] }) quizzes!: GridQuizScore[];
  @ApiProperty({ type: [GridScormScore] }) scorm!: GridScormScore[];
}

export class ProgressGridView {
  @ApiProperty() course_id!: number;
  @ApiProperty() course_title!: string;
  @ApiProperty({ description: 'Jours sans activité au-delà desquels un apprenant est « inactif »' }) inactive_after_days!: number;
  @ApiProperty({ type: [GridStep] }) steps!: GridStep[];
  @ApiProperty({ description: 'Apprenants correspondant aux filtres' }) count!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
  @ApiProperty({ type: [GridRow] }) results!: GridRow[];
}

/** One page of a course's grid: the course's trainer and admins. */
export class GetProgressGrid extends Query<ProgressGridView> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
    readonly request: GridRequest,
  ) {
    super();
  }
}

const ORDERS: Record<GridSort, (dir: 'asc' | 'desc') => string> = {
  name: (dir) => `l.nom ${dir}, l.prenom ${dir}, l.id ${dir}`,
  percentage: (dir) => `l.percentage ${dir}, l.nom, l.prenom, l.id`,
  last_activity: (dir) => `l.last_activity_at ${dir} nulls last, l.nom, l.prenom, l.id`,
};

/**
 * The page's statement. $1 course, $2 now (the server's clock), $3 inactive threshold (days),
 * $4 status or null, $5 search pattern or null, $6 limit, $7 offset. One row: the course, its
 * steps, the count and the page's rows (each with its step rows, quiz and SCORM scores).
 */
export function gridSql(sort: GridSort, order: 'asc' | 'desc'): string {
  return `
  with course as (
    select c.course_id, c.title, c.teacher_id from ${COURSE_SUMMARY} c where c.course_id = $1
  ), steps as (
    select st.kind, st.step_id, st.chapter_id, st.title, st.content_type, st.chapter_position, st.position
      from ${COURSE_STEP} st where st.course_id = $1
  ), step_count as (
    select count(*)::int as n from steps
  ), learners as (
    select s.id, s.nom, s.prenom, s.fullname, s.email, s.closed_at is not null as closed,
           coalesce(f.validated_steps, 0) as validated_steps, coalesce(f.active_seconds, 0) as active_seconds,
           f.last_activity_at, f.completed_at,
           case when f.completed_at is not null then 100
                when sc.n = 0 then 0
                else least(100, round(coalesce(f.validated_steps, 0) * 100.0 / sc.n))::int end as percentage
      from ${COURSE_ENROLMENT} e
      join ${STUDENT_RECORD} s on s.id = e.student_id
      cross join step_count sc
      left join progress.student_course_progress f on f.student_id = e.student_id and f.course_id = e.course_id
     where e.course_id = $1 and ($5::text is null or s.search_text like $5)
  ), classified as (
    select l.*, case when l.percentage >= 100 then 'finished'
                     when l.last_activity_at is null then 'not_started'
                     when l.last_activity_at < $2::timestamptz - make_interval(days => $3::int) then 'inactive'
                     else 'in_progress' end as status
      from learners l
  ), matching as (
    select * from classified l where $4::text is null or l.status = $4::text
  ), page as (
    select l.*, row_number() over (order by ${ORDERS[sort](order)}) as n
      from matching l order by ${ORDERS[sort](order)} limit $6 offset $7
  )
  select (select row_to_json(course) from course) as course,
         (select coalesce(json_agg(json_build_object('kind', kind, 'step_id', step_id, 'chapter_id', chapter_id, 'title', title, 'content_type', content_type)
                                   order by chapter_position, chapter_id, position, step_id), '[]') from steps) as steps,
         (select count(*)::int from matching) as count,
         (select coalesce(json_agg(json_build_object(
            'student_id', p.id, 'fullname', p.fullname, 'email', p.email, 'closed', p.closed, 'percentage', p.percentage,
            'validated_steps', p.validated_steps, 'active_seconds', p.active_seconds, 'last_activity_at', p.last_activity_at,
            'completed_at', p.completed_at, 'status', p.status,
            'steps', (select coalesce(json_agg(json_build_array(sp.kind, sp.step_id, sp.opened_at, sp.validated_at, sp.rule)), '[]')
                        from progress.course_progress cp join progress.step_progress sp on sp.course_progress_id = cp.id
                       where cp.student_id = p.id and cp.course_id = $1),
            'quizzes', (select coalesce(json_agg(json_build_object('quiz_id', q.quiz_id, 'best_score', q.best, 'total', q.total, 'attempts', q.attempts) order by q.quiz_id), '[]')
                          from (select qc.quiz_id, max(qc.score) as best, max(qc.total) as total, count(*)::int as attempts
                                  from progress.quiz_completion qc where qc.student_id = p.id and qc.course_id = $1 group by qc.quiz_id) q),
            'scorm', (select coalesce(json_agg(json_build_object('chapter_id', ss.chapter_id, 'sco', ss.sco,
                                        'score', jsonb_build_object('score', ss.cmi->'score', 'score_raw', ss.cmi->'score_raw', 'score_min', ss.cmi->'score_min',
                                                                    'score_max', ss.cmi->'score_max', 'score_scaled', ss.cmi->'score_scaled')) order by ss.chapter_id, ss.sco), '[]')
                        from progress.scorm_state ss where ss.student_id = p.id and ss.course_id = $1)
          ) order by p.n), '[]') from page p) as rows`;
}

/** LIKE's wildcards in a search are text, not patterns; search_text is lower case. */
export function searchPattern(search: string | null): string | null {
  return search ? `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

export const gridParams = (courseId: number, now: Date, request: GridRequest): unknown[] => [
  courseId, now.toISOString(), INACTIVE_AFTER_DAYS, request.status, searchPattern(request.search), request.pageSize, (request.page - 1) * request.pageSize,
];

interface RawGrid {
  course: { course_id: number; title: string; teacher_id: number | null } | null;
  steps: GridStep[];
  count: number;
  rows: (Omit<GridRow, 'cells' | 'scorm'> & {
    steps: [StepKind, number, string, string | null, string | null][];
    scorm: { chapter_id: number; sco: string; score: Record<string, unknown> }[];
  })[];
}

const iso = (value: string | null): string | null => (value ? new Date(value).toISOString() : null);

/** A SCORM score as a percentage: scaled × 100, else raw over max (from min), else raw. */
export function scormPercentage(cmi: Record<string, unknown>): number | null {
  const { raw, min, max, scaled } = readScore(cmi);
  if (scaled !== null) return Math.round(scaled * 100);
  if (raw === null) return null;
  if (max !== null && max > (min ?? 0)) return Math.round(((raw - (min ?? 0)) * 100) / (max - (min ?? 0)));
  return Math.round(raw);
}

/** The cells of a row: validated from the step rows, open when every step before is validated, else locked. */
export function gridCells(steps: readonly GridStep[], rows: RawGrid['rows'][number]['steps']): GridCell[] {
  const byStep = new Map(rows.map(([kind, id, openedAt, validatedAt, rule]) => [stepKey({ kind, id }), { openedAt, validatedAt, rule }]));
  let allBefore = true;
  return steps.map((step) => {
    const row = byStep.get(stepKey({ kind: step.kind, id: step.step_id }));
    const validated = !!row?.validatedAt;
    const cell: GridCell = {
      state: validated ? 'validated' : allBefore ? 'open' : 'locked',
      rule: validated ? (row?.rule ?? null) : null,
      opened_at: iso(row?.openedAt ?? null),
      validated_at: validated ? iso(row!.validatedAt) : null,
    };
    allBefore &&= validated;
    return cell;
  });
}

/** Reads one page of the grid; the reader's right is judged on the course the same statement read. */
export async function readGrid(db: Database, actor: Actor, courseId: number, now: Date, request: GridRequest): Promise<ProgressGridView> {
  const [grid] = await db.query<RawGrid>(gridSql(request.sort, request.order), gridParams(courseId, now, request));
  if (!grid?.course) throw new NotFoundError('Cours introuvable.', 'course');
  if (!(actor.role === 'admin' || (actor.role === 'teacher' && grid.course.teacher_id === actor.profileId))) throw new ForbiddenError(NOT_YOURS);
  return {
    course_id: grid.course.course_id,
    course_title: grid.course.title,
    inactive_after_days: INACTIVE_AFTER_DAYS,
    steps: grid.steps,
    count: grid.count,
    page: request.page,
    page_size: request.pageSize,
    results: grid.rows.map(({ steps, scorm, ...row }) => ({
      ...row,
      last_activity_at: iso(row.last_activity_at),
      completed_at: iso(row.completed_at),
      cells: gridCells(grid.steps, steps),
      scorm: scorm.map((s) => ({ chapter_id: s.chapter_id, sco: s.sco, percentage: scormPercentage(s.score) })),
    })),
  };
}

@QueryHandler(GetProgressGrid)
export class GetProgressGridHandler implements IQueryHandler<GetProgressGrid> {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  execute({ actor, courseId, request }: GetProgressGrid): Promise<ProgressGridView> {
    return readGrid(this.db, actor, courseId, this.clock.now(), request);
  }
}
