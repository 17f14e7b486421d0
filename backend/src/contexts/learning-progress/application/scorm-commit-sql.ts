/**
 * The statements of a SCORM commit (RecordScormCommit), named so that the benchmark's bare
 * baseline runs exactly these (bench/baseline/progress.mjs).
 */

/** The last sequence number stored for the session's SCO. */
export const LAST_COMMIT_SEQ_SQL = 'select max(seq) as seq from progress.scorm_commit where session_id = ? and sco = ?';

/** Every commit is kept in the trace, applied or stale (a trainer reads the CMI history). */
export const COMMIT_INSERT_SQL = `insert into progress.scorm_commit (student_id, course_id, chapter_id, sco, session_id, seq, outcome, cmi, session_seconds, received_at)
           values (?, ?, ?, ?, ?::uuid, ?, ?, ?::jsonb, ?, ?)`;

/** The SCO's state after an applied commit; its total time is the sum over sessions of each session's last session_time. */
export const SCO_STATE_UPSERT_SQL = `insert into progress.scorm_state (student_id, course_id, chapter_id, sco, version, cmi, total_seconds, updated_at)
             values (?, ?, ?, ?, ?, ?::jsonb,
                     (select coalesce(sum(s), 0) from (select max(session_seconds) as s from progress.scorm_commit
                        where student_id = ? and chapter_id = ? and sco = ? and outcome = 'applied' group by session_id) per_session), ?)
             on conflict (student_id, chapter_id, sco) do update set cmi = excluded.cmi, total_seconds = excluded.total_seconds, updated_at = excluded.updated_at`;

/** The state of every SCO of the chapter, to judge the chapter. */
export const SCO_STATES_SQL = 'select sco, cmi from progress.scorm_state where student_id = ? and chapter_id = ?';
