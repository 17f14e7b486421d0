import type { EntityManager } from '@mikro-orm/postgresql';
import type { StepKind } from '../contracts/learning-progress.events.js';
import { MAX_GAP_SECONDS, TIME_METHOD, timeOnTask, type Beat } from '../domain/time-on-task.js';

/** How far ahead of the server's clock a beat may claim to be (clock drift), in ms. */
const FUTURE_SLACK_MS = 60_000;

/** Stores a save's beats (a retried one is already there: nothing returned). */
export const BEAT_INSERT_SQL = `insert into progress.beat (session_id, seq, student_id, course_id, kind, step_id, at, visible, focused, playing, last_input_at, received_at)
     select ?::uuid, b.seq, ?, ?, ?, ?, b.at, b.visible, b.focused, b.playing, b.last_input_at, ?
       from jsonb_to_recordset(?::jsonb) as b(seq int, at timestamptz, visible boolean, focused boolean, playing boolean, last_input_at timestamptz)
     on conflict (session_id, seq) do nothing
     returning seq`;

/** Every beat of the session on the step. */
export const SESSION_BEATS_SQL = `select seq, at, visible, focused, playing, last_input_at, received_at from progress.beat
      where session_id = ? and student_id = ? and course_id = ? and kind = ? and step_id = ?`;

/** The session's time on the step before this save. */
export const SESSION_TIME_SQL = 'select connected_seconds, active_seconds from progress.session_time where session_id = ?::uuid and kind = ? and step_id = ?';

/** The session's time on the step after this save (method v1). */
export const SESSION_TIME_UPSERT_SQL = `insert into progress.session_time (session_id, kind, step_id, student_id, course_id, method, first_received_at, connected_seconds, active_seconds)
     values (?::uuid, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (session_id, kind, step_id) do update set connected_seconds = excluded.connected_seconds, active_seconds = excluded.active_seconds, method = excluded.method`;

/** The step's time over every session. */
export const STEP_TIME_SQL = `select coalesce(sum(connected_seconds), 0)::int as connected, coalesce(sum(active_seconds), 0)::int as active
       from progress.session_time where student_id = ? and course_id = ? and kind = ? and step_id = ?`;

export interface SessionTime {
  id: string;
  beats: number;
  connectedSeconds: number;
  activeSeconds: number;
  method: string;
  addedConnectedSeconds: number;
  addedActiveSeconds: number;
}

/**
 * Stores a save's beats (a retried one is already there: nothing new), recomputes the session's
 * time on the step with method v1 from all its beats, bounded by the server's own clock (a session
 * cannot have lasted longer than the server has known it), and returns the step's totals over
 * every session. Null when the save brought no new beat.
 */
export async function recordBeats(
  em: EntityManager,
  where: { studentId: number; courseId: number; kind: StepKind; stepId: number },
  sessionId: string,
  beats: readonly Beat[],
  now: Date,
): Promise<{ session: SessionTime; totals: { connected: number; active: number } } | null> {
  // em.execute runs in the transaction of the unit of work (em.getConnection().execute would take another pooled connection).
  const connection = em;
  const accepted = beats.filter((b) => b.at <= now.getTime() + FUTURE_SLACK_MS);
  if (accepted.length === 0) return null;
  const rows = JSON.stringify(
    accepted.map((b) => ({
      seq: b.seq, at: new Date(b.at).toISOString(), visible: b.visible, focused: b.focused, playing: b.playing,
      last_input_at: b.lastInputAt === null ? null : new Date(b.lastInputAt).toISOString(),
    })),
  );
  const inserted = await connection.execute<{ seq: number }[]>(
    BEAT_INSERT_SQL,
    [sessionId, where.studentId, where.courseId, where.kind, where.stepId, now.toISOString(), rows],
  );
  if (inserted.length === 0) return null;
  const stored = await connection.execute<{ seq: number; at: Date; visible: boolean; focused: boolean; playing: boolean; last_input_at: Date | null; received_at: Date }[]>(
    SESSION_BEATS_SQL,
    [sessionId, where.studentId, where.courseId, where.kind, where.stepId],
  );
  const firstReceived = Math.min(...stored.map((b) => new Date(b.received_at).getTime()));
  const bound = Math.max(0, (now.getTime() - firstReceived) / 1000) + MAX_GAP_SECONDS;
  const time = timeOnTask(
    stored.map((b) => ({
      seq: b.seq, at: new Date(b.at).getTime(), visible: b.visible, focused: b.focused, playing: b.playing,
      lastInputAt: b.last_input_at ? new Date(b.last_input_at).getTime() : null,
    })),
  );
  const connected = Math.round(Math.min(time.connectedSeconds, bound));
  const active = Math.round(Math.min(time.activeSeconds, bound));
  const [before] = await connection.execute<{ connected_seconds: number; active_seconds: number }[]>(
    SESSION_TIME_SQL,
    [sessionId, where.kind, where.stepId],
  );
  await connection.execute(
    SESSION_TIME_UPSERT_SQL,
    [sessionId, where.kind, where.stepId, where.studentId, where.courseId, TIME_METHOD, new Date(firstReceived).toISOString(), connected, active],
  );
  const [sums] = await connection.execute<{ connected: number; active: number }[]>(
    STEP_TIME_SQL,
    [where.studentId, where.courseId, where.kind, where.stepId],
  );
  return {
    session: {
      id: sessionId, beats: inserted.length, connectedSeconds: connected, activeSeconds: active, method: TIME_METHOD,
      addedConnectedSeconds: connected - (before?.connected_seconds ?? 0), addedActiveSeconds: active - (before?.active_seconds ?? 0),
    },
    totals: { connected: sums?.connected ?? 0, active: sums?.active ?? 0 },
  };
}
