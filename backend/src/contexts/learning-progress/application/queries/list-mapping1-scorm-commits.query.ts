import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { ScormCommitted } from '../../contracts/learning-progress.events.js';
import { ListMapping1ScormCommits, type RestatedScormCommit } from '../../contracts/learning-progress.queries.js';
import { readCmi } from '../../domain/scorm-commits.js';
import { scoStanding, type ScoStanding } from '../../domain/scorm-trace.js';

type Payload = ScormCommitted['payload'];

/**
 * Each ScormCommitted of schema version 1 after `after`, with the commit's cmi from the trace (the
 * applied commit of that session, SCO and sequence: one), the package's version from the SCO's
 * state, and the payload of the SCO's commit before it in the log (lag over every ScormCommitted).
 */
const SQL = `
  select x.event_id, x.occurred_at, x.position, x.payload, x.before, x.before_schema, c.cmi, st.version
    from (select e.event_id, e.occurred_at, e.position, e.payload, e.schema_version,
                 lag(e.schema_version) over (partition by e.payload->>'studentId', e.payload->>'chapterId', e.payload->>'sco' order by e.position) as before_schema,
                 lag(e.payload) over (partition by e.payload->>'studentId', e.payload->>'chapterId', e.payload->>'sco' order by e.position) as before
            from eventlog.event e where e.event_type = 'ScormCommitted') x
    left join progress.scorm_commit c
      on c.session_id = (x.payload->>'sessionId')::uuid and c.sco = x.payload->>'sco' and c.seq = (x.payload->>'seq')::int and c.outcome = 'applied'
    left join progress.scorm_state st
      on st.student_id = (x.payload->>'studentId')::int and st.chapter_id = (x.payload->>'chapterId')::int and st.sco = x.payload->>'sco'
   where x.position > $1 and x.schema_version < 2
   order by x.position
   limit $2`;

@QueryHandler(ListMapping1ScormCommits)
export class ListMapping1ScormCommitsHandler implements IQueryHandler<ListMapping1ScormCommits> {
  constructor(private readonly db: Database) {}

  async execute({ after, limit }: ListMapping1ScormCommits): Promise<RestatedScormCommit[]> {
    const rows = await this.db.query<{
      event_id: string; occurred_at: Date; position: string | number; payload: Payload; before: Payload | null; before_schema: number | null; cmi: Record<string, unknown> | null; version: '1.2' | '2004' | null;
    }>(SQL, [after, limit]);
    return rows.map((row) => {
      const p = row.payload;
      // The version from the SCO's state; a 1.2 commit is the one that sent lesson_status.
      const version = row.version ?? (row.cmi && 'lesson_status' in row.cmi ? '1.2' : '2004');
      const standing = (q: Payload, schema: number): ScoStanding =>
        schema >= 2 ? { completionStatus: q.completionStatus, successStatus: q.successStatus } : scoStanding(version, { completionStatus: q.completionStatus, successStatus: q.successStatus });
      const now = standing(p, 1);
      const previous = row.before ? standing(row.before, row.before_schema ?? 1) : null;
      // The score's figures from the commit as kept; without it, 1.2's one figure was the raw score.
      const scores = row.cmi ? readCmi(version, row.cmi).scores : { raw: version === '1.2' ? p.score : null, min: null, max: null, scaled: null };
      return {
        eventId: row.event_id,
        occurredAt: new Date(row.occurred_at).toISOString(),
        position: Number(row.position),
        payload: {
          studentId: p.studentId, courseId: p.courseId, chapterId: p.chapterId, sco: p.sco, sessionId: p.sessionId, seq: p.seq,
          completionStatus: now.completionStatus, successStatus: now.successStatus, score: scores.raw, sessionSeconds: p.sessionSeconds,
          version, lessonStatus: version === '1.2' ? p.completionStatus : null,
          scoreMin: scores.min, scoreMax: scores.max, scoreScaled: scores.scaled, previous,
        },
      };
    });
  }
}
