import { beatsDigest, BEATS_BOUND_SINCE, commitDigest, COMMITS_BOUND_SINCE } from '../contexts/learning-progress/contracts/learning-progress.row-digests.js';

/** Where the check runs its SQL ($1, $2… parameters): a pg client or the platform's executor. */
export interface CheckSql {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** A stored row that no longer matches the event that binds it (or that it should be bound by and is not). */
export interface RowMismatch {
  kind: 'beat' | 'scorm_commit' | 'message';
  /** The event that binds the row (null: a row written after the binding began that no event binds). */
  eventId: string | null;
  /** Which rows, in words a reader can look up (table, key). */
  rows: string;
  message: string;
}

export interface BoundRowsReport {
  /** Rows recomputed against their event. */
  checked: { beats: number; scormCommits: number };
  /** Rows no event binds: written before the version that binds them, or (commits) stale ones, which have no event. */
  notCovered: { beats: number; scormCommitsApplied: number; scormCommitsStale: number };
  mismatches: RowMismatch[];
}

const PAGE = 500;

interface EventRow { position: string; event_id: string; occurred_at: Date; payload: Record<string, unknown> }

async function* eventPages(sql: CheckSql, type: string, since: number): AsyncIterable<EventRow[]> {
  let after = '0';
  for (;;) {
    const page = await sql.query<EventRow>(
      `select position::text as position, event_id::text as event_id, occurred_at, payload from eventlog.event
        where event_type = $1 and schema_version >= $2 and position > $3::bigint order by position limit $4`,
      [type, since, after, PAGE],
    );
    if (page.length > 0) yield page;
    if (page.length < PAGE) return;
    after = page[page.length - 1].position;
  }
}

const seqRange = (seqs: readonly number[]): string => (seqs.length === 1 ? `${seqs[0]}` : seqs.join(', '));

/**
 * Recomputes, from the rows as they read today, every digest the log's events carry for the rows
 * kept beside it (ADR 0040): the beats of each LearningTimeRecorded of version ≥ 2 and the commit
 * row of each ScormCommitted of version ≥ 3. Names every row whose content changed, disappeared,
 * or was added after the binding began without an event; counts those written before it.
 */
export async function checkBoundProgressRows(sql: CheckSql): Promise<BoundRowsReport> {
  const mismatches: RowMismatch[] = [];
  let beats = 0;
  let commits = 0;
  let beatsSince: Date | null = null;
  for await (const page of eventPages(sql, 'LearningTimeRecorded', BEATS_BOUND_SINCE)) {
    beatsSince ??= new Date(page[0].occurred_at);
    const keys = page.flatMap((e) => ((e.payload.beatSeqs as number[] | undefined) ?? []).map((seq) => [String(e.payload.sessionId), seq] as const));
    const stored = await sql.query<{ session_id: string; seq: number; student_id: number; course_id: number; kind: string; step_id: number; at: Date; visible: boolean; focused: boolean; playing: boolean; last_input_at: Date | null; received_at: Date }>(
      `select b.session_id::text as session_id, b.seq, b.student_id, b.course_id, b.kind, b.step_id, b.at, b.visible, b.focused, b.playing, b.last_input_at, b.received_at
         from progress.beat b join unnest($1::uuid[], $2::int[]) as k(session_id, seq) on b.session_id = k.session_id and b.seq = k.seq`,
      [keys.map((k) => k[0]), keys.map((k) => k[1])],
    );
    const byKey = new Map(stored.map((b) => [`${b.session_id}/${b.seq}`, b]));
    for (const e of page) {
      const p = e.payload as { sessionId: string; studentId: number; courseId: number; kind: string; stepId: number; beatSeqs?: number[]; beatsSha256?: string };
      const seqs = p.beatSeqs ?? [];
      const sessionId = p.sessionId.toLowerCase();
      const rows = seqs.map((seq) => byKey.get(`${sessionId}/${seq}`));
      beats += seqs.length;
      const where = `progress.beat session ${sessionId}, seq ${seqRange(seqs)}`;
      const missing = seqs.filter((_, i) => !rows[i]);
      if (missing.length > 0) {
        mismatches.push({ kind: 'beat', eventId: e.event_id, rows: `progress.beat session ${sessionId}, seq ${seqRange(missing)}`, message: `signal(s) de présence absent(s) : l'événement LearningTimeRecorded ${e.event_id} les lie, la table ne les a plus` });
        continue;
      }
      const moved = rows.filter((b) => b!.student_id !== p.studentId || b!.course_id !== p.courseId || b!.kind !== p.kind || b!.step_id !== p.stepId);
      const digest = beatsDigest(
        { sessionId, studentId: p.studentId, courseId: p.courseId, kind: p.kind, stepId: p.stepId },
        rows.map((b) => ({
          seq: b!.seq, at: new Date(b!.at).toISOString(), visible: b!.visible, focused: b!.focused, playing: b!.playing,
          lastInputAt: b!.last_input_at === null ? null : new Date(b!.last_input_at).toISOString(), receivedAt: new Date(b!.received_at).toISOString(),
        })),
      );
      if (digest !== p.beatsSha256 || moved.length > 0) {
        mismatches.push({ kind: 'beat', eventId: e.event_id, rows: where, message: `signal(s) de présence modifié(s) depuis leur enregistrement : leur SHA-256 (${digest}) n'est plus celui de l'événement LearningTimeRecorded ${e.event_id} (${p.beatsSha256})` });
      }
    }
  }

  let commitsSince: Date | null = null;
  for await (const page of eventPages(sql, 'ScormCommitted', COMMITS_BOUND_SINCE)) {
    commitsSince ??= new Date(page[0].occurred_at);
    const stored = await sql.query<{ id: string; student_id: number; course_id: number; chapter_id: number; sco: string; session_id: string; seq: number; attempt: number; outcome: string; cmi: unknown; session_seconds: string | null; received_at: Date }>(
      `select c.id::text as id, c.student_id, c.course_id, c.chapter_id, c.sco, c.session_id::text as session_id, c.seq, c.attempt, c.outcome, c.cmi, c.session_seconds::text as session_seconds, c.received_at
         from progress.scorm_commit c join unnest($1::uuid[], $2::text[], $3::int[]) as k(session_id, sco, seq) on c.session_id = k.session_id and c.sco = k.sco and c.seq = k.seq`,
      [page.map((e) => String(e.payload.sessionId)), page.map((e) => String(e.payload.sco)), page.map((e) => Number(e.payload.seq))],
    );
    const byKey = new Map(stored.map((c) => [`${c.session_id}/${c.sco}/${c.seq}`, c]));
    for (const e of page) {
      const p = e.payload as { sessionId: string; sco: string; seq: number; commitSha256?: string };
      const key = `${p.sessionId.toLowerCase()}/${p.sco}/${p.seq}`;
      const row = byKey.get(key);
      commits += 1;
      const where = `progress.scorm_commit session ${p.sessionId.toLowerCase()}, SCO « ${p.sco} », seq ${p.seq}`;
      if (!row) {
        mismatches.push({ kind: 'scorm_commit', eventId: e.event_id, rows: where, message: `enregistrement SCORM absent : l'événement ScormCommitted ${e.event_id} le lie, la table ne l'a plus` });
        continue;
      }
      const digest = commitDigest({
        studentId: row.student_id, courseId: row.course_id, chapterId: row.chapter_id, sco: row.sco, sessionId: row.session_id, seq: row.seq,
        attempt: row.attempt, outcome: row.outcome, cmi: row.cmi, sessionSeconds: row.session_seconds, receivedAt: row.received_at,
      });
      if (digest !== p.commitSha256) {
        mismatches.push({ kind: 'scorm_commit', eventId: e.event_id, rows: `${where} (id ${row.id})`, message: `enregistrement SCORM modifié depuis sa réception (cmi, suspend_data, temps ou état) : son SHA-256 (${digest}) n'est plus celui de l'événement ScormCommitted ${e.event_id} (${p.commitSha256})` });
      }
    }
  }

  // Rows no event binds. Written after the binding began, an unbound beat or applied commit cannot come from the server's write path.
  const [uncoveredBeats] = await sql.query<{ total: string; late: string; late_rows: string[] | null }>(
    `with covered as (
       select (e.payload->>'sessionId')::uuid as session_id, x.seq::int as seq
         from eventlog.event e cross join lateral jsonb_array_elements_text(coalesce(e.payload->'beatSeqs', '[]'::jsonb)) as x(seq)
        where e.event_type = 'LearningTimeRecorded' and e.schema_version >= $1)
     select count(*)::text as total,
            count(*) filter (where b.received_at >= $2::timestamptz)::text as late,
            (array_agg(b.session_id::text || ' seq ' || b.seq order by b.received_at) filter (where b.received_at >= $2::timestamptz))[1:20] as late_rows
       from progress.beat b left join covered c on c.session_id = b.session_id and c.seq = b.seq
      where c.session_id is null`,
    [BEATS_BOUND_SINCE, beatsSince ?? 'infinity'],
  );
  if (Number(uncoveredBeats.late) > 0) {
    mismatches.push({ kind: 'beat', eventId: null, rows: `progress.beat ${(uncoveredBeats.late_rows ?? []).join(' ; ')}`, message: `${uncoveredBeats.late} signal(s) de présence reçu(s) depuis la liaison (version ${BEATS_BOUND_SINCE}) sans événement qui les lie : ajoutés hors du serveur` });
  }
  const [uncoveredCommits] = await sql.query<{ applied: string; stale: string; late: string; late_rows: string[] | null }>(
    `with covered as (
       select (e.payload->>'sessionId')::uuid as session_id, e.payload->>'sco' as sco, (e.payload->>'seq')::int as seq
         from eventlog.event e where e.event_type = 'ScormCommitted' and e.schema_version >= $1)
     select count(*) filter (where c.outcome = 'applied')::text as applied,
            count(*) filter (where c.outcome = 'stale')::text as stale,
            count(*) filter (where c.outcome = 'applied' and c.received_at >= $2::timestamptz)::text as late,
            (array_agg('id ' || c.id order by c.id) filter (where c.outcome = 'applied' and c.received_at >= $2::timestamptz))[1:20] as late_rows
       from progress.scorm_commit c left join covered k on k.session_id = c.session_id and k.sco = c.sco and k.seq = c.seq
      where k.session_id is null`,
    [COMMITS_BOUND_SINCE, commitsSince ?? 'infinity'],
  );
  if (Number(uncoveredCommits.late) > 0) {
    mismatches.push({ kind: 'scorm_commit', eventId: null, rows: `progress.scorm_commit ${(uncoveredCommits.late_rows ?? []).join(', ')}`, message: `${uncoveredCommits.late} enregistrement(s) SCORM appliqué(s) depuis la liaison (version ${COMMITS_BOUND_SINCE}) sans événement qui les lie : ajoutés hors du serveur` });
  }
  return {
    checked: { beats, scormCommits: commits },
    notCovered: { beats: Number(uncoveredBeats.total) - Number(uncoveredBeats.late), scormCommitsApplied: Number(uncoveredCommits.applied) - Number(uncoveredCommits.late), scormCommitsStale: Number(uncoveredCommits.stale) },
    mismatches,
  };
}
