import type { Projection, RecordedEvent } from '../../../../platform/event-log/index.js';
import type {
  ChapterAdded, ChapterArchived, ChapterDeleted, CourseArchived, CourseAssignedToTrainer, CourseCreated, CourseDeleted, CoursePublished, CourseUpdated,
} from '../../contracts/catalogue.events.js';
import type { EnrolmentFactsReadByCatalogue, TutoringFactsReadByCatalogue } from '../../contracts/catalogue.reads.js';

export interface CourseStatsRow extends Record<string, unknown> {
  course_id: number;
  total_enrolled_students: number;
  rating_sum: number;
  rating_count: number;
}

/** The downstream facts the catalogue declares it reads (contracts/catalogue.reads.ts), as recorded in the log. */
type ReadFact<M> = { [T in keyof M & string]: RecordedEvent<T, M[T]> }[keyof M & string];
type EnrolmentFact = ReadFact<EnrolmentFactsReadByCatalogue>;

/** Enrolled students and ratings per course, from the enrolment context's events. */
export const courseStatsProjection: Projection<CourseStatsRow, EnrolmentFact> = {
  name: 'catalogue.course-stats',
  table: 'catalogue.course_stats',
  primaryKey: ['course_id'],
  handles: ['StudentEnrolled', 'StudentUnenrolled', 'CourseRated'],
  key: (event) => ({ course_id: event.payload.courseId }),
  evolve: (row, event) => {
    const current = row ?? { course_id: event.payload.courseId, total_enrolled_students: 0, rating_sum: 0, rating_count: 0 };
    if (event.type === 'StudentEnrolled') return { ...current, total_enrolled_students: current.total_enrolled_students + 1 };
    if (event.type === 'StudentUnenrolled') return { ...current, total_enrolled_students: Math.max(0, current.total_enrolled_students - 1) };
    return { ...current, rating_sum: current.rating_sum + event.payload.rating, rating_count: current.rating_count + 1 };
  },
};

export interface CourseOutlineRow extends Record<string, unknown> {
  course_id: number;
  teacher_id: number | null;
  category_id: number;
  chapters: number;
  archived: boolean;
}

type Fact<E extends { type: string; payload: object }> = RecordedEvent<E['type'], E['payload']>;
type OutlineFact =
  | Fact<CourseCreated> | Fact<CoursePublished> | Fact<CourseUpdated> | Fact<CourseAssignedToTrainer> | Fact<CourseArchived> | Fact<CourseDeleted>
  | Fact<ChapterAdded> | Fact<ChapterArchived> | Fact<ChapterDeleted>;

/**
 * One row per course: its trainer, category, live chapters and whether it is archived. The
 * category totals and the trainer's dashboard are sums over it.
 */
export const courseOutlineProjection: Projection<CourseOutlineRow, OutlineFact> = {
  name: 'catalogue.course-outline',
  table: 'catalogue.course_outline',
  primaryKey: ['course_id'],
  handles: ['CourseCreated', 'CoursePublished', 'CourseUpdated', 'CourseAssignedToTrainer', 'CourseArchived', 'CourseDeleted', 'ChapterAdded', 'ChapterArchived', 'ChapterDeleted'],
  key: (event) => ({ course_id: event.payload.courseId }),
  evolve: (row, event) => {
    switch (event.type) {
      case 'CourseCreated':
      case 'CoursePublished':
        return { course_id: event.payload.courseId, teacher_id: event.payload.teacherId, category_id: event.payload.categoryId, chapters: 0, archived: false };
      case 'CourseDeleted':
        return null;
      default:
        if (!row) return null;
        if (event.type === 'CourseUpdated' || event.type === 'CourseAssignedToTrainer') return { ...row, teacher_id: event.payload.teacherId, category_id: event.payload.categoryId };
        if (event.type === 'CourseArchived') return { ...row, archived: true };
        return { ...row, chapters: Math.max(0, row.chapters + (event.type === 'ChapterAdded' ? 1 : -1)) };
    }
  },
};

export interface TrainerStudentRow extends Record<string, unknown> {
  teacher_id: number;
  student_id: number;
}

type TutorshipFact = ReadFact<TutoringFactsReadByCatalogue>;

/** The students each trainer follows now ("Mes Étudiants" on the trainer dashboard). */
export const trainerStudentProjection: Projection<TrainerStudentRow, TutorshipFact> = {
  name: 'catalogue.trainer-student',
  table: 'catalogue.trainer_student',
  primaryKey: ['teacher_id', 'student_id'],
  handles: ['TrainerAssignedToStudent', 'TrainerUnassignedFromStudent'],
  key: (event) => ({ teacher_id: event.payload.teacherId, student_id: event.payload.studentId }),
  evolve: (_row, event) => (event.type === 'TrainerAssignedToStudent' ? { teacher_id: event.payload.teacherId, student_id: event.payload.studentId } : null),
};
