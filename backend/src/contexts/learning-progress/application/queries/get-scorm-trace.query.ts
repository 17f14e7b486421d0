import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { NOT_YOURS } from '../../../../platform/auth/ownership.js';
import { ForbiddenError, InvalidInputError, type Actor } from '../../../../shared-kernel/index.js';
import { GetCourseOwner } from '../../../catalogue/contracts/catalogue.queries.js';
import { coursePlan, stepInfo } from '../progress-access.js';
import { scoStanding } from '../../domain/scorm-trace.js';

/** One commit of the trace: what the SCO reported then (the statuses as the server judged them). */
export class ScormTraceCommit {
  @ApiProperty() seq!: number;
  @ApiProperty({ enum: ['applied', 'stale'], description: 'appliqué, ou plus ancien que le dernier (gardé, non appliqué)' }) outcome!: string;
  @ApiProperty({ description: 'Reçu par le serveur (son horloge)' }) received_at!: string;
  @ApiProperty({ type: String, nullable: true, description: '2004 completion_status ; en 1.2, lesson_status completed, incomplete, browsed, not attempted (passed et failed : completed)' }) completion_status!: string | null;
  @ApiProperty({ type: String, nullable: true, description: '2004 success_status ; en 1.2, lesson_status passed ou failed' }) success_status!: string | null;
  @ApiProperty({ type: String, nullable: true }) score_raw!: string | null;
  @ApiProperty({ type: String, nullable: true }) score_min!: string | null;
  @ApiProperty({ type: String, nullable: true }) score_max!: string | null;
  @ApiProperty({ type: String, nullable: true }) score_scaled!: string | null;
  @ApiProperty({ type: String, nullable: true }) progress_measure!: string | null;
  @ApiProperty({ type: String, nullable: true }) session_time!: string | null;
  @ApiProperty({ type: String, nullable: true }) location!: string | null;
  @ApiProperty({ type: String, nullable: true }) exit!: string | null;
  @ApiProperty({ description: 'Nombre d’interactions rapportées à ce commit' }) interactions!: number;
}

/** An interaction as the SCO reported it (cmi.interactions.n). */
export class ScormTraceInteraction {
  @ApiProperty() id!: string;
  @ApiProperty({ type: String, nullable: true }) type!: string | null;
  @ApiProperty({ type: String, nullable: true }) learner_response!: string | null;
  @ApiProperty({ type: String, nullable: true }) result!: string | null;
  @ApiProperty({ type: String, nullable: true }) latency!: string | null;
  @ApiProperty({ type: String, nullable: true, description: '1.2 time, 2004 timestamp' }) timestamp!: string | null;
}

/** An objective as the SCO reported it (cmi.objectives.n). */
export class ScormTraceObjective {
  @ApiProperty() id!: string;
  @ApiProperty({ type: String, nullable: true }) score_raw!: string | null;
  @ApiProperty({ type: String, nullable: true }) score_scaled!: string | null;
  @ApiProperty({ type: String, nullable: true }) success_status!: string | null;
  @ApiProperty({ type: String, nullable: true }) completion_status!: string | null;
}

/** An attempt: one session of the run-time on one SCO (a page's life), its commits in order, and the interactions and objectives of its newest one. */
export class ScormTraceAttempt {
  @ApiProperty({ description: 'La tentative du module entier (numérotée par le serveur, docs/adr/0026) à laquelle cette session appartient' }) attempt!: number;
  @ApiProperty() sco!: string;
  @ApiProperty({ description: 'La session du lecteur' }) session_id!: string;
  @ApiProperty() started_at!: string;
  @ApiProperty() last_at!: string;
  @ApiProperty({ type: [ScormTraceCommit] }) commits!: ScormTraceCommit[];
  @ApiProperty({ type: [ScormTraceInteraction] }) interactions!: ScormTraceInteraction[];
  @ApiProperty({ type: [ScormTraceObjective] }) objectives!: ScormTraceObjective[];
}

export class ScormTraceView {
  @ApiProperty() student!: number;
  @ApiProperty() chapter!: number;
  @ApiProperty({ type: String, nullable: true, enum: ['1.2', '2004'] }) version!: '1.2' | '2004' | null;
  @ApiProperty({ type: [ScormTraceAttempt], description: 'Les tentatives, de la plus ancienne à la plus récente' }) attempts!: ScormTraceAttempt[];
}

/** The CMI trace of a learner on a SCORM chapter: the course's trainer and admins only (docs/learning-progress.md). */
export class GetScormTrace extends Query<ScormTraceView> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
    readonly chapterId: number,
  ) {
    super();
  }
}

/** Every commit of the learner on the chapter, oldest first (the trace the server kept, applied or stale). */
export const SCORM_TRACE_SQL = `select sco, session_id::text as session_id, attempt, seq, outcome, cmi,
         to_char(received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as received_at
    from progress.scorm_commit where student_id = $1 and course_id = $2 and chapter_id = $3
   order by id`;

/** The most commits a trace returns (the newest attempts first kept). */
export const TRACE_COMMITS_MAX = 2000;

type Row = { sco: string; session_id: string; attempt: number; seq: number; outcome: string; cmi: Record<string, unknown>; received_at: string };
const text = (value: unknown): string | null => (value === undefined || value === null || value === '' ? null : String(value));
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);

/**
 * Reads a stored commit's cmi (flat, as the player sends it) into the trace's columns; a 1.2
 * lesson_status on the two axes of 2004, as the server judges it (scoStanding): passed and failed
 * under « Réussite » on a completed SCO, the other statuses under « Statut ».
 */
export function traceCommit(row: Row, version: '1.2' | '2004' | null = null): ScormTraceCommit {
  const { cmi } = row;
  const reported = { completionStatus: text(cmi.lesson_status) ?? text(cmi.completion_status), successStatus: text(cmi.success_status) };
  const standing = version === '1.2' ? scoStanding('1.2', reported) : reported;
  return {
    seq: row.seq,
    outcome: row.outcome,
    received_at: row.received_at,
    completion_status: standing.completionStatus,
    success_status: standing.successStatus,
    score_raw: text(cmi.score_raw) ?? text(cmi.score),
    score_min: text(cmi.score_min),
    score_max: text(cmi.score_max),
    score_scaled: text(cmi.score_scaled),
    progress_measure: text(cmi.progress_measure),
    session_time: text(cmi.session_time),
    location: text(cmi.location),
    exit: text(cmi.exit),
    interactions: list(cmi.interactions).length,
  };
}

@QueryHandler(GetScormTrace)
export class GetScormTraceHandler implements IQueryHandler<GetScormTrace> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, studentId, courseId, chapterId }: GetScormTrace): Promise<ScormTraceView> {
    const course = await this.queries.execute(new GetCourseOwner(courseId));
    if (!(actor.role === 'admin' || (actor.role === 'teacher' && course.teacher_id === actor.profileId))) throw new ForbiddenError(NOT_YOURS);
    const { info } = stepInfo(await coursePlan(this.queries, courseId), { kind: 'chapter', id: chapterId });
    if (info.content_type !== 'scorm') throw new InvalidInputError("Ce chapitre n'est pas un module SCORM.", 'chapter');
    const rows = (await this.db.query<Row>(SCORM_TRACE_SQL, [studentId, courseId, chapterId])).slice(-TRACE_COMMITS_MAX);
    const attempts = new Map<string, { rows: Row[] }>();
    for (const row of rows) {
      const key = `${row.session_id}\u0000${row.sco}`;
      const attempt = attempts.get(key) ?? { rows: [] };
      attempt.rows.push(row);
      attempts.set(key, attempt);
    }
    return {
      student: studentId,
      chapter: chapterId,
      version: info.scorm_version,
      attempts: [...attempts.values()].map(({ rows: commits }) => {
        const first = commits[0]!;
        // The newest applied commit that reported each list (a commit whose list was refused kept the one before).
        const newest = (field: string) => [...commits].reverse().find((c) => c.outcome === 'applied' && Array.isArray(c.cmi[field]))?.cmi[field];
        return {
          attempt: first.attempt,
          sco: first.sco,
          session_id: first.session_id,
          started_at: first.received_at,
          last_at: commits[commits.length - 1]!.received_at,
          commits: commits.map((c) => traceCommit(c, info.scorm_version)),
          interactions: list(newest('interactions')).map((i) => ({
            id: text(i.id) ?? '',
            type: text(i.type),
            learner_response: text(i.learner_response),
            result: text(i.result),
            latency: text(i.latency),
            timestamp: text(i.timestamp),
          })),
          objectives: list(newest('objectives')).map((o) => {
            // A 1.2 objective filed before its status was mapped (failed as its completion) reads as the server files it now.
            const reported = { completionStatus: text(o.completion_status), successStatus: text(o.success_status) };
            const wrong = info.scorm_version === '1.2' && (reported.completionStatus === 'passed' || reported.completionStatus === 'failed');
            const mapped = wrong ? scoStanding('1.2', reported) : reported;
            return {
              id: text(o.id) ?? '',
              score_raw: text(o.score_raw),
              score_scaled: text(o.score_scaled),
              success_status: mapped.successStatus,
              completion_status: mapped.completionStatus,
            };
          }),
        };
      }),
    };
  }
}
