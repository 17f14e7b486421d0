import type { Projection, RecordedEvent } from '../../../../platform/event-log/index.js';
import type { ChapterValidated, CourseCompleted, LearningTimeRecorded, StepOpened } from '../../contracts/learning-progress.events.js';

type Fact<E extends { type: string; payload: object }> = RecordedEvent<E['type'], E['payload']>;
type ProgressFact = Fact<StepOpened> | Fact<LearningTimeRecorded> | Fact<ChapterValidated> | Fact<CourseCompleted>;

export interface StudentCourseProgressRow extends Record<string, unknown> {
  student_id: number;
  course_id: number;
  validated_steps: number;
  connected_seconds: number;
  active_seconds: number;
  last_activity_at: string | Date | null;
  completed_at: string | Date | null;
}

/** Folds one progress fact into a row of counters (the two projections share it). */
function fold<R extends { validated_steps: number; connected_seconds: number; active_seconds: number; last_activity_at: string | Date | null }>(row: R, event: ProgressFact): R {
  const touched = { ...row, last_activity_at: event.occurredAt };
  switch (event.type) {
    case 'LearningTimeRecorded':
      return {
        ...touched,
        connected_seconds: row.connected_seconds + event.payload.addedConnectedSeconds,
        active_seconds: row.active_seconds + event.payload.addedActiveSeconds,
      };
    case 'ChapterValidated':
      return { ...touched, validated_steps: row.validated_steps + 1 };
    default:
      return touched;
  }
}

/** Per student and course: validated steps, connected and active time (method v1), last activity, completion. */
export const studentCourseProgressProjection: Projection<StudentCourseProgressRow, ProgressFact> = {
  name: 'learning-progress.student-course',
  table: 'progress.student_course_progress',
  primaryKey: ['student_id', 'course_id'],
  handles: ['StepOpened', 'LearningTimeRecorded', 'ChapterValidated', 'CourseCompleted'],
  key: (event) => ({ student_id: event.payload.studentId, course_id: event.payload.courseId }),
  evolve: (row, event) => {
    const current = row ?? {
      student_id: event.payload.studentId, course_id: event.payload.courseId, validated_steps: 0, connected_seconds: 0, active_seconds: 0,
      last_activity_at: null, completed_at: null,
    };
    const next = fold(current, event);
    return event.type === 'CourseCompleted' ? { ...next, completed_at: event.occurredAt } : next;
  },
};

export interface StudentProgressRow extends Record<string, unknown> {
  student_id: number;
  validated_steps: number;
  connected_seconds: number;
  active_seconds: number;
  courses_completed: number;
  last_activity_at: string | Date | null;
}

/** Per student overall: validated steps, time, courses completed (the administration's progress list). */
export const studentProgressProjection: Projection<StudentProgressRow, ProgressFact> = {
  name: 'learning-progress.student',
  table: 'progress.student_progress',
  primaryKey: ['student_id'],
  handles: ['StepOpened', 'LearningTimeRecorded', 'ChapterValidated', 'CourseCompleted'],
  key: (event) => ({ student_id: event.payload.studentId }),
  evolve: (row, event) => {
    const current = row ?? { student_id: event.payload.studentId, validated_steps: 0, connected_seconds: 0, active_seconds: 0, courses_completed: 0, last_activity_at: null };
    const next = fold(current, event);
    return event.type === 'CourseCompleted' ? { ...next, courses_completed: current.courses_completed + 1 } : next;
  },
};
