import { Query } from '@nestjs/cqrs';

/** A beat as the server received it (docs/learning-progress.md): what the player claimed, and when the server's clock saw it. */
export interface BeatRow {
  session_id: string;
  seq: number;
  kind: string;
  step_id: number;
  /** The player's clock (a claim). */
  at: string;
  visible: boolean;
  focused: boolean;
  playing: boolean;
  last_input_at: string | null;
  /** The server's clock. */
  received_at: string;
}

/** A SCORM commit as received, applied or stale, with its cmi data as sent. */
export interface ScormCommitRow {
  id: number;
  chapter_id: number;
  sco: string;
  attempt: number;
  session_id: string;
  seq: number;
  outcome: 'applied' | 'stale';
  cmi: unknown;
  session_seconds: number | null;
  received_at: string;
}

/**
 * One page of a learner's beats in a course, in the order the server received them (keyset: give
 * the last row's `received_at`, `session_id` and `seq` to read on), for a dossier de preuves
 * (docs/adr/0036). No reader check: the evidence context asks after checking who reads.
 */
export class GetLearnerBeatsPage extends Query<BeatRow[]> {
  constructor(
    readonly studentId: number,
    readonly courseId: number,
    readonly after: { received_at: string; session_id: string; seq: number } | null,
    readonly limit: number,
  ) {
    super();
  }
}

/** One page of a learner's SCORM commits in a course, by id (give the last id to read on). */
export class GetLearnerScormCommitsPage extends Query<ScormCommitRow[]> {
  constructor(
    readonly studentId: number,
    readonly courseId: number,
    readonly afterId: number,
    readonly limit: number,
  ) {
    super();
  }
}
