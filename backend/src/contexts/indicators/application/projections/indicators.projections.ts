import type { Projection, RecordedEvent } from '../../../../platform/event-log/index.js';
import type { StudyDocumentDownloaded } from '../../../catalogue/contracts/catalogue.events.js';
import type { QuizCompleted, QuizValidatedByTrainer } from '../../../assessment/contracts/assessment.events.js';
import type { StudentEnrolled, StudentUnenrolled } from '../../../enrolment/contracts/enrolment.events.js';
import type { CourseCompleted, StepOpened } from '../../../learning-progress/contracts/learning-progress.events.js';

type Fact<E extends { type: string; payload: object }> = RecordedEvent<E['type'], E['payload']>;

/**
 * A learner's course as the indicators count it (docs/adr/0056): when they entered it (their first
 * enrolment; a later one after leaving keeps that date and clears the leaving), when they left it
 * without finishing, when the server saw it completed, how many steps they opened (learning
 * progress opens each step once: `StepOpened`) and how many times they downloaded one of its
 * documents (`StudyDocumentDownloaded`, decided by the catalogue's content gate).
 */
export interface LearnerCourseRow extends Record<string, unknown> {
  student_id: number;
  course_id: number;
  enrolled_at: string | Date;
  left_at: string | Date | null;
  completed_at: string | Date | null;
  steps_opened: number;
  last_opened_at: string | Date | null;
  documents_downloaded: number;
  last_downloaded_at: string | Date | null;
}

type CourseFact = Fact<StudentEnrolled> | Fact<StudentUnenrolled> | Fact<StepOpened> | Fact<CourseCompleted> | Fact<StudyDocumentDownloaded>;

export const learnerCourseProjection: Projection<LearnerCourseRow, CourseFact> = {
  name: 'indicators.learner-course',
  table: 'indicators.learner_course',
  primaryKey: ['student_id', 'course_id'],
  handles: ['StudentEnrolled', 'StudentUnenrolled', 'StepOpened', 'CourseCompleted', 'StudyDocumentDownloaded'],
  key: (event) => ({ student_id: event.payload.studentId, course_id: event.payload.courseId }),
  evolve: (row, event) => {
    // A download alone never makes a learner of the course: the gate also serves students who follow
    // it through their formation without an enrolment, who are not « entrées » of the period.
    if (!row && event.type === 'StudyDocumentDownloaded') return null;
    const at = event.occurredAt;
    // Progress seen before any enrolment (a course followed before the log knew enrolments): entered then.
    const current: LearnerCourseRow = row ?? {
      student_id: event.payload.studentId, course_id: event.payload.courseId, enrolled_at: at, left_at: null, completed_at: null, steps_opened: 0, last_opened_at: null,
      documents_downloaded: 0, last_downloaded_at: null,
    };
    switch (event.type) {
      case 'StudentEnrolled':
        return { ...current, left_at: null };
      case 'StudentUnenrolled':
        return { ...current, left_at: at };
      case 'StepOpened':
        return { ...current, steps_opened: current.steps_opened + 1, last_opened_at: at };
      case 'CourseCompleted':
        return { ...current, completed_at: current.completed_at ?? at };
      case 'StudyDocumentDownloaded':
        return { ...current, documents_downloaded: Number(current.documents_downloaded ?? 0) + 1, last_downloaded_at: at };
    }
  },
};

/**
 * A learner's results on one quiz of a course (docs/adr/0056): attempts closed, best and last
 * score in percent, when they first passed (the pass mark in force when the server closed the
 * attempt, ADR 0043; an event without `passed` was written before pass marks and passed), or
 * whether their trainer validated it by hand. Quizzes taken outside a course are not counted.
 */
export interface LearnerQuizRow extends Record<string, unknown> {
  student_id: number;
  course_id: number;
  quiz_id: number;
  attempts: number;
  best_percent: number | null;
  last_percent: number | null;
  passed_at: string | Date | null;
  validated_by_trainer: boolean;
  last_at: string | Date;
}

type QuizFact = Fact<QuizCompleted> | Fact<QuizValidatedByTrainer>;

const percent = (score: number, total: number): number => (total > 0 ? Math.round((score / total) * 10_000) / 100 : 0);

export const learnerQuizProjection: Projection<LearnerQuizRow, QuizFact> = {
  name: 'indicators.learner-quiz',
  table: 'indicators.learner_quiz',
  primaryKey: ['course_id', 'quiz_id', 'student_id'],
  handles: ['QuizCompleted', 'QuizValidatedByTrainer'],
  key: (event) =>
    event.payload.courseId === null ? null : { course_id: event.payload.courseId, quiz_id: event.payload.quizId, student_id: event.payload.studentId },
  evolve: (row, event) => {
    const at = event.occurredAt;
    const current: LearnerQuizRow = row ?? {
      student_id: event.payload.studentId, course_id: event.payload.courseId!, quiz_id: event.payload.quizId, attempts: 0, best_percent: null, last_percent: null,
      passed_at: null, validated_by_trainer: false, last_at: at,
    };
    if (event.type === 'QuizValidatedByTrainer') return { ...current, validated_by_trainer: true, passed_at: current.passed_at ?? at, last_at: at };
    const score = percent(event.payload.score, event.payload.total);
    const passed = event.payload.passed ?? true;
    return {
      ...current,
      attempts: current.attempts + 1,
      best_percent: current.best_percent === null ? score : Math.max(Number(current.best_percent), score),
      last_percent: score,
      passed_at: current.passed_at ?? (passed ? at : null),
      last_at: at,
    };
  },
};
