/**
 * The read models the catalogue publishes for the contexts after it (docs/context-map.md, issue 21):
 * views of the schema `catalogue`, read in plain SQL by name. Renaming or dropping a column is a
 * migration that changes the readers in the same commit.
 */

/**
 * One row per course, archived ones and drafts included (filter `archived_at is null` for the live
 * ones, and `status = 'published'` for what learners may find: docs/adr/0030). Key `course_id`.
 */
export const COURSE_SUMMARY = 'catalogue.course_summary';

export interface CourseSummaryRow {
  course_id: number;
  /** The course's title as its trainer wrote it. */
  title: string;
  /** The trainer who owns the course (identity's teacher id), or null while unassigned. */
  teacher_id: number | null;
  category_id: number;
  /** When the course was archived (hidden from the catalogue, its history kept); null while live. */
  archived_at: Date | null;
  /** `draft` (its trainer and admins only) or `published` (in the catalogue); a learner enrolled before it went back to draft keeps it. */
  status: 'draft' | 'published';
  /** The planned duration of the action in minutes (issue 26); null: not declared. */
  planned_minutes: number | null;
  /** The nature of the action; null: not declared. */
  nature: 'action_formation' | 'bilan_competences' | 'vae' | 'apprentissage' | null;
}

/**
 * One row per live step of a course: each chapter not archived, and each subchapter not archived of
 * such a chapter (what a course's progress is counted over). Steps in reading order:
 * `order by chapter_position, chapter_id, position, step_id`. Filter on `course_id` (indexed); count
 * steps per course in the reading query (`count(*) … group by course_id`), not in a view.
 */
export const COURSE_STEP = 'catalogue.course_step';

export interface CourseStepRow {
  course_id: number;
  /** A step is a chapter or a subchapter: (kind, step_id) names it, as learning-progress does. */
  kind: 'chapter' | 'subchapter';
  step_id: number;
  /** The chapter of the step (itself for a chapter). */
  chapter_id: number;
  /** The chapter's position in the course. */
  chapter_position: number;
  /** The subchapter's position in its chapter; 0 for the chapter itself. */
  position: number;
  title: string;
  /** 'video', 'video_file', 'video_url', 'text', 'quiz' or 'scorm'. */
  content_type: string;
  /** The declared average duration in minutes (« durée moyenne estimée », D.6313-3-1 2°); null: not declared. */
  declared_minutes: number | null;
  /** The quiz a quiz step names (null for other steps): the last one of a course is its final evaluation (docs/adr/0056). */
  quiz_id: number | null;
}
