/*
 * Learning progress's events (docs/event-catalogue.md, docs/learning-progress.md). One stream per
 * student and course. Every validation names the rule that produced it and its figures.
 */
export const COURSE_PROGRESS_STREAM = 'learning-progress.course-progress';

export type StepKind = 'chapter' | 'subchapter';

export interface StepOpened {
  type: 'StepOpened';
  payload: { studentId: number; courseId: number; kind: StepKind; stepId: number; contentType: string };
}
export interface LearningTimeRecorded {
  type: 'LearningTimeRecorded';
  /**
   * 2 since issue 27 (ADR 0040): `beatSeqs` (the seqs of the beats this save stored, in the
   * session) and `beatsSha256` (learning-progress.row-digests.ts: SHA-256 of the canonical JSON of those rows as
   * stored) bind the beat rows to the chain. 1 (the log's default) before: the beats are counted only.
   */
  schemaVersion?: 2;
  /** The session's totals on the step after this save (method v1), and the beats it brought. */
  payload: {
    studentId: number; courseId: number; kind: StepKind; stepId: number; sessionId: string; beats: number;
    connectedSeconds: number; activeSeconds: number; method: string;
    /** What this save added to the session's totals (what the progress projections sum). */
    addedConnectedSeconds: number; addedActiveSeconds: number;
    /** Version 2: the beat rows this save stored, and their digest. */
    beatSeqs?: number[]; beatsSha256?: string;
  };
}
export interface PlaybackExcessIgnored {
  type: 'PlaybackExcessIgnored';
  /**
   * A save claimed more new video seconds than the server's clock allows (elapsed seconds since the
   * step was first seen × maxRate + the slack): the excess was not credited. Seconds, to 0.1.
   */
  payload: {
    studentId: number; courseId: number; kind: StepKind; stepId: number;
    /** New unique seconds the save claimed, those credited, those ignored. */
    claimedSeconds: number; creditedSeconds: number; ignoredSeconds: number;
    /** The step's unique seconds credited after the save. */
    uniqueSeconds: number;
    /** Server seconds since the step was first seen, the fastest rate allowed, and the allowance they give. */
    elapsedSeconds: number; maxRate: number; allowanceSeconds: number;
  };
}
export interface ChapterValidated {
  type: 'ChapterValidated';
  /**
   * A chapter or a sub-chapter (kind); rule and figures: docs/learning-progress.md. A video's
   * figures prove the bound held (first_seen_at, validated_at, elapsed_seconds, max_rate, allowance_seconds).
   */
  payload: { studentId: number; courseId: number; kind: StepKind; stepId: number; rule: string; figures: Record<string, number | string> };
}
export interface CourseCompleted {
  type: 'CourseCompleted';
  payload: { studentId: number; courseId: number; steps: number };
}
export interface ScormCommitted {
  type: 'ScormCommitted';
  /**
   * 2 since issue 23 (ADR 0027); 1 (the log's default) before. Version 2: `completionStatus` and
   * `successStatus` are the SCO's standing (1.2's lesson_status mapped: passed/failed are
   * completed with that success status; `lessonStatus` keeps it as sent), `score` is the raw
   * score with `scoreMin`, `scoreMax`, `scoreScaled` beside it, and `previous` is the standing the
   * server had stored for the SCO before this commit (null for its first), from which a change of
   * status is read. Version 1: the statuses as reported (1.2's lesson_status as
   * `completionStatus`) and `score` the player's one figure (2004: scaled, else raw).
   */
  schemaVersion?: 2 | 3;
  /**
   * 3 since issue 27 (ADR 0040): as 2, with `commitSha256`, the SHA-256 of the canonical JSON of the
   * commit row as stored (cmi with suspend_data, session time, attempt, received_at: learning-progress.row-digests.ts).
   */
  /** An applied commit of the SCORM runtime: its place in the session and what it reports (not suspend_data). */
  payload: {
    studentId: number; courseId: number; chapterId: number; sco: string; sessionId: string; seq: number;
    completionStatus: string | null; successStatus: string | null; score: number | null; sessionSeconds: number | null;
    version?: '1.2' | '2004';
    lessonStatus?: string | null;
    scoreMin?: number | null; scoreMax?: number | null; scoreScaled?: number | null;
    previous?: { completionStatus: string | null; successStatus: string | null } | null;
    /** Version 3: the digest of the commit row as stored. */
    commitSha256?: string;
  };
}
/**
 * A learner's attempt of a whole SCORM package ended (issue 23): the package asked `exitAll` or
 * `abandonAll` as its SCO terminated. The next opening of the chapter starts attempt `attempt + 1`
 * with fresh run-time data; this attempt's commits stay in the trace.
 */
export interface ScormAttemptEnded {
  type: 'ScormAttemptEnded';
  payload: { studentId: number; courseId: number; chapterId: number; attempt: number; sco: string; sessionId: string };
}
export type CourseProgressEvent = StepOpened | LearningTimeRecorded | PlaybackExcessIgnored | ChapterValidated | CourseCompleted | ScormCommitted | ScormAttemptEnded;
