/**
 * The read models learning-progress publishes for the contexts after it (docs/context-map.md,
 * issue 21): views of the schema `progress` over its projections (built from the log, so a second or
 * so behind the last save), read in plain SQL by name. Renaming or dropping a column is a migration
 * that changes the readers in the same commit. Figures follow docs/learning-progress.md (method v1).
 */

/** One row per student and course the student has progress in (none before the first step opened). Key (student_id, course_id). */
export const STUDENT_COURSE_FIGURES = 'progress.student_course_figures';

export interface StudentCourseFiguresRow {
  student_id: number;
  course_id: number;
  /** Steps validated from evidence in this course. */
  validated_steps: number;
  /** Connected time on the course's steps: seconds between beats (capped at 60 s) while the page was visible. */
  connected_seconds: number;
  /** Active time (`time_spent` of the spec): connected seconds with media playing or input in the last 300 s. */
  active_seconds: number;
  last_activity_at: Date | null;
  /** When the course was completed; null until then. */
  completed_at: Date | null;
}

/** One row per student with any progress: the sums over their courses. Key student_id. */
export const STUDENT_FIGURES = 'progress.student_figures';

export interface StudentFiguresRow {
  student_id: number;
  validated_steps: number;
  connected_seconds: number;
  active_seconds: number;
  /** Courses completed. */
  courses_completed: number;
  last_activity_at: Date | null;
}
