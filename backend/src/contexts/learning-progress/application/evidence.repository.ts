import type { EntityManager } from '@mikro-orm/postgresql';
import type { StepKind } from '../contracts/learning-progress.events.js';
import type { StepEvidence } from '../domain/course-progress.aggregate.js';
import { commitOutcome, type KeptCommit } from '../domain/scorm-commits.js';
import { acceptedBeats, sessionTime, TIME_METHOD, type Beat, type TimeEvidence } from '../domain/time-on-task.js';
import type { QuizCompletion } from '../domain/validation-rules.js';
import { beatsDigest, commitDigest } from '../contracts/learning-progress.row-digests.js';

/*
 * The statements are named so that the benchmark's bare baseline runs exactly these
 * (bench/baseline/progress.mjs).
 */

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

/** The student's latest completion of a quiz (the quiz-completion projection). */
export const LATEST_QUIZ_COMPLETION_SQL = 'select quiz_id, score, total, attempt from progress.quiz_completion where student_id = ? and quiz_id = ? order by completed_at desc limit 1';

/** The last sequence number stored for the session's SCO. */
export const LAST_COMMIT_SEQ_SQL = 'select max(seq) as seq from progress.scorm_commit where session_id = ? and sco = ?';

/** Every commit is kept in the trace, applied or stale (a trainer reads the CMI history). */
export const COMMIT_INSERT_SQL = `insert into progress.scorm_commit (student_id, course_id, chapter_id, sco, session_id, seq, outcome, cmi, session_seconds, received_at, attempt)
           values (?, ?, ?, ?, ?::uuid, ?, ?, ?::jsonb, ?, ?, ?)`;

/** The attempt a session's commits are filed under: the one of its first commit. */
export const SESSION_ATTEMPT_SQL = 'select attempt from progress.scorm_commit where session_id = ?::uuid and student_id = ? and chapter_id = ? order by id limit 1';

/** The attempt of the package under way: the one after the last ended (1 at first). */
export const CURRENT_ATTEMPT_SQL = 'select coalesce(max(attempt), 0) + 1 as attempt from progress.scorm_attempt_end where student_id = ? and chapter_id = ?';

/** An attempt of the package ended (exitAll, abandonAll). */
export const ATTEMPT_END_SQL = 'insert into progress.scorm_attempt_end (student_id, chapter_id, attempt, ended_at) values (?, ?, ?, ?) on conflict do nothing returning attempt';

/**
 * The SCO's state after an applied commit; its total time is the sum over sessions of each session's last session_time.
 * It answers the state stored before (`previous`, null for the first): the statement's own scan does not see its change.
 * Every save takes the next `saved_seq` (a new row by the column's default): which SCO was saved last, even at one instant.
 */
export const SCO_STATE_UPSERT_SQL = `insert into progress.scorm_state (student_id, course_id, chapter_id, sco, version, cmi, total_seconds, updated_at, attempt)
             values (?, ?, ?, ?, ?, ?::jsonb,
                     (select coalesce(sum(s), 0) from (select max(session_seconds) as s from progress.scorm_commit
                        where student_id = ? and chapter_id = ? and sco = ? and attempt = ? and outcome = 'applied' group by session_id) per_session), ?, ?)
             on conflict (student_id, chapter_id, sco) do update set cmi = excluded.cmi, total_seconds = excluded.total_seconds, updated_at = excluded.updated_at, attempt = excluded.attempt,
               saved_seq = nextval('progress.scorm_state_saved_seq')
               where scorm_state.attempt <= excluded.attempt
             returning (select before.cmi from progress.scorm_state before
                         where before.student_id = scorm_state.student_id and before.chapter_id = scorm_state.chapter_id and before.sco = scorm_state.sco
                           and before.attempt = scorm_state.attempt) as previous`;

/** The SCO's stored state (a field refused in a commit keeps its stored value). */
export const SCO_STATE_CMI_SQL = 'select cmi from progress.scorm_state where student_id = ? and chapter_id = ? and sco = ? and attempt = ?';

/** The state of every SCO of the chapter, to judge the chapter. */
export const SCO_STATES_SQL = 'select sco, cmi from progress.scorm_state where student_id = ? and chapter_id = ? and attempt = ?';

/** A step of a student's course, where its evidence is filed. */
export interface EvidencePlace {
  studentId: number;
  courseId: number;
  kind: StepKind;
  stepId: number;
}

/** A commit of the SCORM runtime as received (`seq` absent: the client numbers nothing, the next of the session is taken). */
export interface ReceivedCommit {
  studentId: number;
  courseId: number;
  chapterId: number;
  sco: string;
  sessionId: string;
  seq: number | undefined;
  version: '1.2' | '2004';
  /** What is kept of cmi_data: without its refused fields. */
  cmi: Record<string, unknown>;
  /** Fields refused for a reason of their own (a suspend_data over the limit): the SCO's state keeps its stored value of each. */
  refused: readonly string[];
  sessionSeconds: number | null;
  /** The commit ends the attempt of the whole package (`endsAttempt`). */
  endsAttempt?: boolean;
}

/**
 * The evidence of learning progress behind one repository: time beats and session times, SCORM
 * commits and SCO states, and the quiz completions the quiz-step policy keeps. It stores what the
 * player sends and answers the sums the CourseProgress aggregate judges with, never a learner's
 * history. It works in the unit of work's transaction (`uow.em`: em.getConnection().execute would
 * take another pooled connection, and the saves would wait for each other under load).
 */
export class EvidenceRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Stores a save's beats (a retried one is stored once) and answers what the step's rule needs:
   * the session's time after them with method v1, bounded by the server's clock, and the step's
   * totals (null when the save brought no new beat), and the latest completion of the step's quiz.
   */
  async recordReport(place: EvidencePlace, session: { id: string; beats: readonly Beat[] } | null, quizId: number | null, now: Date): Promise<StepEvidence> {
    const time = session ? await this.recordBeats(place, session.id, session.beats, now) : null;
    const quiz = quizId === null ? null : await this.latestQuizCompletion(place.studentId, quizId);
    return { time, quiz };
  }

  /**
   * Keeps a SCORM commit (docs/learning-progress.md, "SCORM commits"): a duplicate (same session,
   * SCO and sequence) is not written; a stale one goes to the trace only; an applied one also
   * becomes the SCO's state, with its total time. Answers the outcome and the chapter's SCO states.
   */
  async recordCommit(commit: ReceivedCommit, now: Date): Promise<KeptCommit> {
    const { studentId, courseId, chapterId, sco, sessionId } = commit;
    const [last] = await this.em.execute<{ seq: number | null }[]>(LAST_COMMIT_SEQ_SQL, [sessionId, sco]);
    const seq = commit.seq ?? (last?.seq ?? 0) + 1;
    const outcome = commitOutcome(last?.seq ?? null, seq);
    if (outcome === 'duplicate') return { seq, outcome, scoStates: [] };
    // The server numbers the attempts of the package: a session stays in the attempt of its first commit.
    const [ofSession] = await this.em.execute<{ attempt: number }[]>(SESSION_ATTEMPT_SQL, [sessionId, studentId, chapterId]);
    const [current] = await this.em.execute<{ attempt: number }[]>(CURRENT_ATTEMPT_SQL, [studentId, chapterId]);
    const attempt = Number(ofSession?.attempt ?? current?.attempt ?? 1);
    const cmi = JSON.stringify(commit.cmi);
    await this.em.execute(COMMIT_INSERT_SQL, [studentId, courseId, chapterId, sco, sessionId, seq, outcome, cmi, commit.sessionSeconds, now.toISOString(), attempt]);
    // What was stored, bound by its digest in the event (ADR 0040): computed from the values written, not read back.
    const sha256 = commitDigest({ studentId, courseId, chapterId, sco, sessionId, seq, attempt, outcome, cmi: JSON.parse(cmi) as unknown, sessionSeconds: commit.sessionSeconds, receivedAt: now });
    let previous: Record<string, unknown> | null = null;
    if (outcome === 'applied') {
      const state = commit.refused.length > 0 ? JSON.stringify(await this.withStoredFields(commit, attempt)) : cmi;
      const [upserted] = await this.em.execute<{ previous: Record<string, unknown> | null }[]>(
        SCO_STATE_UPSERT_SQL,
        [studentId, courseId, chapterId, sco, commit.version, state, studentId, chapterId, sco, attempt, now.toISOString(), attempt],
      );
      previous = upserted?.previous ?? null;
    }
    const attemptEnded = commit.endsAttempt === true && outcome === 'applied'
      ? (await this.em.execute<{ attempt: number }[]>(ATTEMPT_END_SQL, [studentId, chapterId, attempt, now.toISOString()])).length > 0
      : false;
    const scoStates = await this.em.execute<{ sco: string; cmi: Record<string, unknown> }[]>(SCO_STATES_SQL, [studentId, chapterId, attempt]);
    return { seq, outcome, scoStates, previous, attempt, attemptEnded, sha256 };
  }

  /** The commit's cmi with the stored value of each field it had refused (the learner resumes from the last accepted one). */
  private async withStoredFields(commit: ReceivedCommit, attempt: number): Promise<Record<string, unknown>> {
    const [stored] = await this.em.execute<{ cmi: Record<string, unknown> }[]>(SCO_STATE_CMI_SQL, [commit.studentId, commit.chapterId, commit.sco, attempt]);
    const kept = commit.refused.filter((field) => stored?.cmi[field] !== undefined).map((field) => [field, stored!.cmi[field]]);
    return { ...commit.cmi, ...Object.fromEntries(kept) };
  }

  private async recordBeats(place: EvidencePlace, sessionId: string, beats: readonly Beat[], now: Date): Promise<TimeEvidence | null> {
    const { studentId, courseId, kind, stepId } = place;
    const accepted = acceptedBeats(beats, now);
    if (accepted.length === 0) return null;
    const rows = JSON.stringify(
      accepted.map((b) => ({
        seq: b.seq, at: new Date(b.at).toISOString(), visible: b.visible, focused: b.focused, playing: b.playing,
        last_input_at: b.lastInputAt === null ? null : new Date(b.lastInputAt).toISOString(),
      })),
    );
    const inserted = await this.em.execute<{ seq: number }[]>(BEAT_INSERT_SQL, [sessionId, studentId, courseId, kind, stepId, now.toISOString(), rows]);
    if (inserted.length === 0) return null;
    // The rows this save stored, bound by their digest in LearningTimeRecorded (ADR 0040), from the values written: no read.
    const storedSeqs = new Set(inserted.map((r) => r.seq));
    const receivedAt = now.toISOString();
    // A seq twice in one save is stored once, the first (insert … on conflict do nothing, in the array's order).
    const mine = [...new Map(accepted.filter((b) => storedSeqs.has(b.seq)).reverse().map((b) => [b.seq, b])).values()];
    const bound = {
      seqs: mine.map((b) => b.seq).sort((a, b) => a - b),
      sha256: beatsDigest(
        { sessionId, studentId, courseId, kind, stepId },
        mine.map((b) => ({ seq: b.seq, at: new Date(b.at).toISOString(), visible: b.visible, focused: b.focused, playing: b.playing, lastInputAt: b.lastInputAt === null ? null : new Date(b.lastInputAt).toISOString(), receivedAt })),
      ),
    };
    const stored = await this.em.execute<{ seq: number; at: Date; visible: boolean; focused: boolean; playing: boolean; last_input_at: Date | null; received_at: Date }[]>(
      SESSION_BEATS_SQL,
      [sessionId, studentId, courseId, kind, stepId],
    );
    const time = sessionTime(
      stored.map((b) => ({
        seq: b.seq, at: new Date(b.at).getTime(), visible: b.visible, focused: b.focused, playing: b.playing,
        lastInputAt: b.last_input_at ? new Date(b.last_input_at).getTime() : null, receivedAt: new Date(b.received_at).getTime(),
      })),
      now,
    );
    const [before] = await this.em.execute<{ connected_seconds: number; active_seconds: number }[]>(SESSION_TIME_SQL, [sessionId, kind, stepId]);
    await this.em.execute(
      SESSION_TIME_UPSERT_SQL,
      [sessionId, kind, stepId, studentId, courseId, TIME_METHOD, new Date(time.firstReceivedAt).toISOString(), time.connectedSeconds, time.activeSeconds],
    );
    const [sums] = await this.em.execute<{ connected: number; active: number }[]>(STEP_TIME_SQL, [studentId, courseId, kind, stepId]);
    return {
      session: {
        id: sessionId, beats: inserted.length, connectedSeconds: time.connectedSeconds, activeSeconds: time.activeSeconds, method: TIME_METHOD,
        addedConnectedSeconds: time.connectedSeconds - (before?.connected_seconds ?? 0), addedActiveSeconds: time.activeSeconds - (before?.active_seconds ?? 0),
        bound,
      },
      totals: { connected: sums?.connected ?? 0, active: sums?.active ?? 0 },
    };
  }

  private async latestQuizCompletion(studentId: number, quizId: number): Promise<QuizCompletion | null> {
    const [row] = await this.em.execute<{ quiz_id: number; score: number; total: number; attempt: number }[]>(LATEST_QUIZ_COMPLETION_SQL, [studentId, quizId]);
    return row ? { quizId: row.quiz_id, score: row.score, total: row.total, attempt: row.attempt } : null;
  }
}
