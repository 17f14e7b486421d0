import { Query } from '@nestjs/cqrs';
import type { StepKind } from './learning-progress.events.js';

/** One session of the player (a page's life on the course), from the beats the server received. */
export interface TranscriptSession {
  session_id: string;
  /** The server's clock: when it received the session's first and last beat. */
  started_at: string;
  ended_at: string;
  beats: number;
  connected_seconds: number;
  active_seconds: number;
}

/** A day (Europe/Paris) of the connection log: its sessions and their sums. */
export interface TranscriptDay {
  day: string;
  connected_seconds: number;
  active_seconds: number;
  sessions: TranscriptSession[];
}

/** A step the learner opened: its time (method v1) and, once validated, the rule and figures that validated it. */
export interface TranscriptStep {
  kind: StepKind;
  step_id: number;
  content_type: string;
  opened_at: string;
  validated_at: string | null;
  rule: string | null;
  figures: Record<string, unknown> | null;
  connected_seconds: number;
  active_seconds: number;
  sessions: number;
}

/** A SCO's standing in one attempt of its package, from the newest commit the server applied. */
export interface TranscriptSco {
  chapter_id: number;
  sco: string;
  attempt: number;
  first_at: string;
  last_at: string;
  commits: number;
  completion_status: string | null;
  success_status: string | null;
  score_raw: string | null;
  score_min: string | null;
  score_max: string | null;
  score_scaled: string | null;
  /** The sum over the attempt's sessions of each session's last reported session_time, in seconds. */
  total_seconds: number;
  interactions: Array<{ id: string; type: string | null; learner_response: string | null; result: string | null; latency: string | null; timestamp: string | null }>;
}

export interface LearningTranscript {
  /** The time method and its version (docs/learning-progress.md). */
  method: string;
  started_at: string | null;
  completed_at: string | null;
  first_access: string | null;
  last_access: string | null;
  connected_seconds: number;
  active_seconds: number;
  days: TranscriptDay[];
  steps: TranscriptStep[];
  scorm: TranscriptSco[];
}

/**
 * What learning progress recorded of a student in a course, for the transcript (issue 26, ADR 0034):
 * sums made in SQL over its evidence tables (beats, session times, steps, SCORM commits), every date
 * from the server's clock. No reader check: the evidence context asks after checking who reads.
 */
export class GetLearningTranscript extends Query<LearningTranscript> {
  constructor(
    readonly studentId: number,
    readonly courseId: number,
  ) {
    super();
  }
}
