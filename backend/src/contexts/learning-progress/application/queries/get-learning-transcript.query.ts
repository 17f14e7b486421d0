import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetLearningTranscript, type LearningTranscript, type TranscriptDay, type TranscriptSco } from '../../contracts/learning-progress.transcript.js';
import type { StepKind } from '../../contracts/learning-progress.events.js';
import { TIME_METHOD } from '../../domain/time-on-task.js';
import { traceCommit } from './get-scorm-trace.query.js';

/** The course's progress record (when the learner first opened it, and completed it). */
export const TRANSCRIPT_PROGRESS_SQL = 'select started_at, completed_at from progress.course_progress where student_id = $1 and course_id = $2';

/**
 * The sessions: beats counted and dated by the server's clock (received_at), time summed from the
 * session times (method v1), the day in Europe/Paris. Grouped in SQL (10,000 beats read as a few rows).
 */
export const TRANSCRIPT_SESSIONS_SQL = `with b as (
    select session_id, min(received_at) as started_at, max(received_at) as ended_at, count(*)::int as beats
      from progress.beat where student_id = $1 and course_id = $2 group by session_id
  ), t as (
    select session_id, sum(connected_seconds)::int as connected, sum(active_seconds)::int as active
      from progress.session_time where student_id = $1 and course_id = $2 group by session_id
  )
  select b.session_id::text as session_id, b.started_at, b.ended_at, b.beats, coalesce(t.connected, 0)::int as connected, coalesce(t.active, 0)::int as active,
         to_char(b.started_at at time zone 'Europe/Paris', 'YYYY-MM-DD') as day
    from b left join t on t.session_id = b.session_id
   order by b.started_at, b.session_id`;

/** Every step opened, its validation (rule and figures) and its time over every session. */
export const TRANSCRIPT_STEPS_SQL = `select sp.kind, sp.step_id, sp.content_type, sp.opened_at, sp.validated_at, sp.rule, sp.figures,
         coalesce(t.connected, 0)::int as connected, coalesce(t.active, 0)::int as active, coalesce(t.sessions, 0)::int as sessions
    from progress.course_progress cp
    join progress.step_progress sp on sp.course_progress_id = cp.id
    left join (select kind, step_id, sum(connected_seconds) as connected, sum(active_seconds) as active, count(*) as sessions
                 from progress.session_time where student_id = $1 and course_id = $2 group by kind, step_id) t
      on t.kind = sp.kind and t.step_id = sp.step_id
   where cp.student_id = $1 and cp.course_id = $2
   order by sp.opened_at, sp.id`;

/** Per chapter, SCO and attempt of its package: the commits' span and count, the time, the newest applied state and interactions. */
export const TRANSCRIPT_SCORM_SQL = `with c as (
    select id, chapter_id, sco, attempt, session_id, outcome, cmi, session_seconds, received_at
      from progress.scorm_commit where student_id = $1 and course_id = $2
  ), span as (
    select chapter_id, sco, attempt, min(received_at) as first_at, max(received_at) as last_at, count(*)::int as commits from c group by chapter_id, sco, attempt
  ), per_session as (
    select chapter_id, sco, attempt, max(session_seconds) as s from c where outcome = 'applied' group by chapter_id, sco, attempt, session_id
  ), total as (
    select chapter_id, sco, attempt, coalesce(sum(s), 0)::float as total_seconds from per_session group by chapter_id, sco, attempt
  ), newest as (
    select distinct on (chapter_id, sco, attempt) chapter_id, sco, attempt, cmi from c where outcome = 'applied' order by chapter_id, sco, attempt, id desc
  ), reported as (
    select distinct on (chapter_id, sco, attempt) chapter_id, sco, attempt, cmi->'interactions' as interactions from c
     where outcome = 'applied' and jsonb_typeof(cmi->'interactions') = 'array' order by chapter_id, sco, attempt, id desc
  )
  select span.chapter_id, span.sco, span.attempt, span.first_at, span.last_at, span.commits, coalesce(total.total_seconds, 0) as total_seconds,
         newest.cmi, reported.interactions, st.version
    from span
    left join total using (chapter_id, sco, attempt)
    left join newest using (chapter_id, sco, attempt)
    left join reported using (chapter_id, sco, attempt)
    left join progress.scorm_state st on st.student_id = $1 and st.chapter_id = span.chapter_id and st.sco = span.sco
   order by span.chapter_id, span.attempt, span.first_at, span.sco`;

type SessionRow = { session_id: string; started_at: Date; ended_at: Date; beats: number; connected: number; active: number; day: string };
type StepRow = { kind: StepKind; step_id: number; content_type: string; opened_at: Date; validated_at: Date | null; rule: string | null; figures: Record<string, unknown> | null; connected: number; active: number; sessions: number };
type ScoRow = {
  chapter_id: number; sco: string; attempt: number; first_at: Date; last_at: Date; commits: number; total_seconds: number;
  cmi: Record<string, unknown> | null; interactions: Record<string, unknown>[] | null; version: '1.2' | '2004' | null;
};

const iso = (date: Date | null): string | null => (date ? new Date(date).toISOString() : null);
const text = (value: unknown): string | null => (value === undefined || value === null || value === '' ? null : String(value));

@QueryHandler(GetLearningTranscript)
export class GetLearningTranscriptHandler implements IQueryHandler<GetLearningTranscript> {
  constructor(private readonly db: Database) {}

  async execute({ studentId, courseId }: GetLearningTranscript): Promise<LearningTranscript> {
    const params = [studentId, courseId];
    const [progress, sessions, steps, scos] = await Promise.all([
      this.db.one<{ started_at: Date; completed_at: Date | null }>(TRANSCRIPT_PROGRESS_SQL, params),
      this.db.query<SessionRow>(TRANSCRIPT_SESSIONS_SQL, params),
      this.db.query<StepRow>(TRANSCRIPT_STEPS_SQL, params),
      this.db.query<ScoRow>(TRANSCRIPT_SCORM_SQL, params),
    ]);
    const days = new Map<string, TranscriptDay>();
    for (const s of sessions) {
      const day = days.get(s.day) ?? { day: s.day, connected_seconds: 0, active_seconds: 0, sessions: [] };
      day.connected_seconds += s.connected;
      day.active_seconds += s.active;
      day.sessions.push({ session_id: s.session_id, started_at: iso(s.started_at)!, ended_at: iso(s.ended_at)!, beats: s.beats, connected_seconds: s.connected, active_seconds: s.active });
      days.set(s.day, day);
    }
    const scorm: TranscriptSco[] = scos.map((row) => {
      const standing = row.cmi
        ? traceCommit({ sco: row.sco, session_id: '', attempt: row.attempt, seq: 0, outcome: 'applied', cmi: row.cmi, received_at: '' }, row.version)
        : null;
      return {
        chapter_id: row.chapter_id,
        sco: row.sco,
        attempt: row.attempt,
        first_at: iso(row.first_at)!,
        last_at: iso(row.last_at)!,
        commits: row.commits,
        completion_status: standing?.completion_status ?? null,
        success_status: standing?.success_status ?? null,
        score_raw: standing?.score_raw ?? null,
        score_min: standing?.score_min ?? null,
        score_max: standing?.score_max ?? null,
        score_scaled: standing?.score_scaled ?? null,
        total_seconds: Math.round(Number(row.total_seconds)),
        interactions: (row.interactions ?? []).map((i) => ({
          id: text(i.id) ?? '', type: text(i.type), learner_response: text(i.learner_response), result: text(i.result), latency: text(i.latency), timestamp: text(i.timestamp),
        })),
      };
    });
    const instants = [
      progress?.started_at, ...sessions.flatMap((s) => [s.started_at, s.ended_at]), ...steps.flatMap((s) => [s.opened_at, s.validated_at]),
      ...scos.flatMap((s) => [s.first_at, s.last_at]), progress?.completed_at,
    ].filter((d): d is Date => d instanceof Date).map((d) => d.getTime());
    return {
      method: TIME_METHOD,
      started_at: iso(progress?.started_at ?? null),
      completed_at: iso(progress?.completed_at ?? null),
      first_access: instants.length ? new Date(Math.min(...instants)).toISOString() : null,
      last_access: instants.length ? new Date(Math.max(...instants)).toISOString() : null,
      connected_seconds: sessions.reduce((sum, s) => sum + s.connected, 0),
      active_seconds: sessions.reduce((sum, s) => sum + s.active, 0),
      days: [...days.values()],
      steps: steps.map((s) => ({
        kind: s.kind, step_id: s.step_id, content_type: s.content_type, opened_at: iso(s.opened_at)!, validated_at: iso(s.validated_at), rule: s.rule, figures: s.figures,
        connected_seconds: s.connected, active_seconds: s.active, sessions: s.sessions,
      })),
      scorm,
    };
  }
}
