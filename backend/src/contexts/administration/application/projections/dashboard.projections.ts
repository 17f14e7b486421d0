import type { Projection, RecordedEvent } from '../../../../platform/event-log/index.js';
import type { CourseArchived, CourseCreated, CourseDeleted, CoursePublished } from '../../../catalogue/contracts/catalogue.events.js';
import type { StudentEnrolled } from '../../../enrolment/contracts/enrolment.events.js';
import type { IdentityEvent } from '../../../identity/contracts/identity.events.js';
import type { CourseCompleted, LearningTimeRecorded, StepOpened } from '../../../learning-progress/contracts/learning-progress.events.js';

type Fact<E extends { type: string; payload: object }> = RecordedEvent<E['type'], E['payload']>;
type PeopleFact = Extract<IdentityEvent, { type: 'StudentRegistered' | 'StudentCreated' | 'TeacherRegistered' | 'TrainerCreated' | 'AccountClosed' | 'AccountDeleted' }>;
type HeadcountFact = PeopleFact | Fact<CourseCreated> | Fact<CoursePublished> | Fact<CourseArchived> | Fact<CourseDeleted>;

export interface HeadcountRow extends Record<string, unknown> {
  kind: 'students' | 'teachers' | 'courses';
  total: number;
  updated_at: string;
}

/** What an event adds to which total: +1, −1, or nothing (an admin's account). */
function change(event: HeadcountFact): { kind: HeadcountRow['kind']; delta: number } | null {
  switch (event.type) {
    case 'StudentRegistered':
    case 'StudentCreated':
      return { kind: 'students', delta: 1 };
    case 'TeacherRegistered':
    case 'TrainerCreated':
      return { kind: 'teachers', delta: 1 };
    case 'AccountClosed':
    case 'AccountDeleted':
      if (event.payload.role === 'admin') return null;
      return { kind: event.payload.role === 'student' ? 'students' : 'teachers', delta: -1 };
    case 'CourseCreated':
    case 'CoursePublished':
      return { kind: 'courses', delta: 1 };
    default:
      return { kind: 'courses', delta: -1 };
  }
}

/** The dashboard's three totals: open student and trainer accounts (suspended ones count), live courses. */
export const headcountProjection: Projection<HeadcountRow, HeadcountFact> = {
  name: 'administration.headcount',
  table: 'administration.headcount',
  primaryKey: ['kind'],
  handles: [
    'StudentRegistered', 'StudentCreated', 'TeacherRegistered', 'TrainerCreated', 'AccountClosed', 'AccountDeleted',
    'CourseCreated', 'CoursePublished', 'CourseArchived', 'CourseDeleted',
  ],
  key: (event) => {
    const changed = change(event);
    return changed ? { kind: changed.kind } : null;
  },
  evolve: (row, event) => {
    const changed = change(event)!;
    return { kind: changed.kind, total: Math.max(0, (row?.total ?? 0) + changed.delta), updated_at: event.occurredAt };
  },
};

/** The Monday (UTC) of the week an instant falls in, `YYYY-MM-DD`. */
export function weekStart(instant: string): string {
  const date = new Date(instant);
  const day = (date.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day)).toISOString().slice(0, 10);
}

type WeeklyFact = Fact<StudentEnrolled> | Fact<CourseCompleted>;

export interface WeeklyActivityRow extends Record<string, unknown> {
  week_start: string;
  enrolments: number;
  completions: number;
}

/** Enrolments and course completions per week (the director's charts). */
export const weeklyActivityProjection: Projection<WeeklyActivityRow, WeeklyFact> = {
  name: 'administration.weekly-activity',
  table: 'administration.weekly_activity',
  primaryKey: ['week_start'],
  handles: ['StudentEnrolled', 'CourseCompleted'],
  key: (event) => ({ week_start: weekStart(event.occurredAt) }),
  evolve: (row, event) => {
    // The key column is set from the event: a date read back from PostgreSQL is not the same text.
    const current = { enrolments: 0, completions: 0, ...row, week_start: weekStart(event.occurredAt) };
    return event.type === 'StudentEnrolled' ? { ...current, enrolments: current.enrolments + 1 } : { ...current, completions: current.completions + 1 };
  },
};

type LearnerFact = Fact<StepOpened> | Fact<LearningTimeRecorded>;

export interface WeeklyLearnerRow extends Record<string, unknown> {
  week_start: string;
  student_id: number;
}

/** Who learned in which week (opened a step or spent time): counted per week, they are the active learners. */
export const weeklyLearnerProjection: Projection<WeeklyLearnerRow, LearnerFact> = {
  name: 'administration.weekly-learner',
  table: 'administration.weekly_learner',
  primaryKey: ['week_start', 'student_id'],
  handles: ['StepOpened', 'LearningTimeRecorded'],
  key: (event) => ({ week_start: weekStart(event.occurredAt), student_id: event.payload.studentId }),
  evolve: (_row, event) => ({ week_start: weekStart(event.occurredAt), student_id: event.payload.studentId }),
};
