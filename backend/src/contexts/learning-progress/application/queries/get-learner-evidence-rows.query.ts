import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetLearnerBeatsPage, GetLearnerScormCommitsPage, type BeatRow, type ScormCommitRow } from '../../contracts/learning-progress.evidence-rows.js';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Beats, keyset-paged on (received_at, session_id, seq): the index beat_step narrows to the learner and course. */
@QueryHandler(GetLearnerBeatsPage)
export class GetLearnerBeatsPageHandler implements IQueryHandler<GetLearnerBeatsPage> {
  constructor(private readonly db: Database) {}

  async execute({ studentId, courseId, after, limit }: GetLearnerBeatsPage): Promise<BeatRow[]> {
    const rows = await this.db.query<Omit<BeatRow, 'at' | 'last_input_at' | 'received_at'> & { at: Date; last_input_at: Date | null; received_at: Date }>(
      `select session_id::text as session_id, seq, kind, step_id, at, visible, focused, playing, last_input_at, received_at
         from progress.beat
        where student_id = $1 and course_id = $2
          and ($3::timestamptz is null or (received_at, session_id::text, seq) > ($3::timestamptz, $4::text, $5::int))
        order by received_at, session_id::text, seq
        limit $6`,
      [studentId, courseId, after?.received_at ?? null, after?.session_id ?? null, after?.seq ?? null, limit],
    );
    return rows.map((r) => ({ ...r, at: iso(r.at)!, last_input_at: iso(r.last_input_at), received_at: iso(r.received_at)! }));
  }
}

@QueryHandler(GetLearnerScormCommitsPage)
export class GetLearnerScormCommitsPageHandler implements IQueryHandler<GetLearnerScormCommitsPage> {
  constructor(private readonly db: Database) {}

  async execute({ studentId, courseId, afterId, limit }: GetLearnerScormCommitsPage): Promise<ScormCommitRow[]> {
    const rows = await this.db.query<Omit<ScormCommitRow, 'received_at' | 'id' | 'session_seconds'> & { id: string; session_seconds: string | null; received_at: Date }>(
      `select id, chapter_id, sco, attempt, session_id::text as session_id, seq, outcome, cmi, session_seconds, received_at
         from progress.scorm_commit
        where student_id = $1 and course_id = $2 and id > $3
        order by id
        limit $4`,
      [studentId, courseId, afterId, limit],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id), session_seconds: r.session_seconds === null ? null : Number(r.session_seconds), received_at: iso(r.received_at)! }));
  }
}
