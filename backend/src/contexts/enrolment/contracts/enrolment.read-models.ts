/**
 * The read models enrolment publishes for the contexts after it (docs/context-map.md, issue 21):
 * views of the schema `enrolment`, read in plain SQL by name. Renaming or dropping a column is a
 * migration that changes the readers in the same commit.
 */

/**
 * One row per current enrolment of a student in a course (a rating or a favourite without an
 * enrolment is not one; an unenrolled student's row leaves). Unique on (student_id, course_id),
 * indexed by student and by course.
 */
export const COURSE_ENROLMENT = 'enrolment.course_enrolment';

export interface CourseEnrolmentRow {
  /** The student's id (identity's `student_record.id`). */
  student_id: number;
  /** The course's id (the catalogue's `course_summary.course_id`). */
  course_id: number;
  /** When the student enrolled (or enrolled again). */
  enrolled_at: Date;
  /** The funder set on this enrolment (docs/adr/0032), null when not set (the student record's `type_dossier` applies: GetEnrolmentFunding resolves it). */
  funder: 'cpf' | 'opco' | 'france_travail' | 'employeur' | 'personnel' | 'autre' | null;
  /** The dossier number set on this enrolment, null when not set (the student record's `numero_dossier` applies). */
  dossier_number: string | null;
}

/**
 * One row per training session (docs/adr/0050): a course run for a group between two calendar
 * dates. The other contexts filter by session through it and `SESSION_LEARNER`.
 */
export const TRAINING_SESSION_SUMMARY = 'enrolment.training_session_summary';

export interface TrainingSessionSummaryRow {
  session_id: number;
  course_id: number;
  /** The centre's label (« Session de janvier 2027 »). */
  name: string;
  /** `date` columns, read as `YYYY-MM-DD` strings. */
  start_date: string;
  end_date: string;
}

/**
 * One row per time a learner was in a session: `left_at` null while they are in (one such row per
 * learner and course at most), set when they left (kept: nothing about a learner is deleted).
 */
export const SESSION_LEARNER = 'enrolment.session_learner';

export interface SessionLearnerRow {
  session_id: number;
  course_id: number;
  student_id: number;
  joined_at: Date;
  left_at: Date | null;
  /** Why the learner did not complete the session (EDOF's « service fait »), set by an admin; null: none given. */
  reason: 'abandon' | 'absence' | 'interruption' | 'force_majeure' | 'autre' | null;
}

/**
 * One row per enrolment (current or ended: a closed account's are kept) with an employer's or a
 * funder's e-mail (docs/adr/0032, 0054), lower case; satisfaction invites them to its « employeurs »
 * and « financeurs » questionnaires. Names and phones stay in enrolment.
 */
export const ENROLMENT_CONTACT = 'enrolment.enrolment_contact';

export interface EnrolmentContactRow {
  student_id: number;
  course_id: number;
  employer_email: string | null;
  funder_email: string | null;
}

/** One row per time a trainer was in a session (`left_at` null while they are in), as `SESSION_LEARNER` is for learners. */
export const SESSION_TRAINER = 'enrolment.session_trainer';

export interface SessionTrainerRow {
  session_id: number;
  course_id: number;
  /** The trainer's id (identity's teacher). */
  teacher_id: number;
  joined_at: Date;
  left_at: Date | null;
}
