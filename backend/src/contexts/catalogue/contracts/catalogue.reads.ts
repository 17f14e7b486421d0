/*
 * The facts of downstream contexts that the catalogue reads, as it reads them (a tolerant reader:
 * the event's type and the payload fields it uses, nothing more). Enrolment and tutoring come
 * after the catalogue in CONTEXT_ORDER, so the catalogue cannot import their contracts; it states
 * here what it needs from them, as it states the questions they answer (CountCourseLearners, ADR 0011).
 * Each of those contexts proves at compile time that its events still carry these shapes
 * (enrolment/catalogue-reads.ts, tutoring/catalogue-reads.ts), so renaming an event or a field
 * breaks the build instead of silently emptying a catalogue projection.
 */

/** Enrolment's events behind `catalogue.course_stats` (enrolled students, ratings). */
export interface EnrolmentFactsReadByCatalogue {
  StudentEnrolled: { courseId: number; studentId: number };
  StudentUnenrolled: { courseId: number; studentId: number };
  CourseRated: { courseId: number; rating: number };
}

/** Tutoring's events behind `catalogue.trainer_student` (the trainer dashboard's « Mes Étudiants »). */
export interface TutoringFactsReadByCatalogue {
  TrainerAssignedToStudent: { teacherId: number; studentId: number };
  TrainerUnassignedFromStudent: { teacherId: number; studentId: number };
}

/** Shapes given as payload fields per type name, as events: `{ type, payload }` under each type name. */
export type AsEvents<M> = { [T in keyof M & string]: { type: T; payload: M[T] } };

/**
 * Compiles only when `Actual` (the downstream context's own event types, by type name) has every
 * event the catalogue reads, each with its type name and at least the fields it reads.
 */
export type ReadByCatalogue<Actual extends AsEvents<Reads>, Reads> = Actual;
