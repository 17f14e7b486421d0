import type { Projection, RecordedEvent } from '../../../../platform/event-log/index.js';
import type { StudentEnrolled, StudentUnenrolled } from '../../../enrolment/contracts/enrolment.events.js';
import type { IdentityEvent } from '../../../identity/contracts/identity.events.js';
import type { AssignmentCompleted, AssignmentGiven } from '../../../tutoring/contracts/tutoring.events.js';
import type { CourseCompleted } from '../../contracts/learning-progress.events.js';

type Fact<E extends { type: string; payload: object }> = RecordedEvent<E['type'], E['payload']>;
type AccountFact = Extract<IdentityEvent, { type: 'StudentRegistered' | 'StudentCreated' | 'AccountSuspended' | 'AccountReactivated' | 'AccountClosed' }>;
type DashboardFact = AccountFact | Fact<StudentEnrolled> | Fact<StudentUnenrolled> | Fact<AssignmentGiven> | Fact<AssignmentCompleted> | Fact<CourseCompleted>;

export interface StudentDashboardRow extends Record<string, unknown> {
  student_id: number;
  is_active: boolean;
  enrolled_courses: number;
  courses_completed: number;
  complete_assignments: number;
  pending_assignments: number;
}

/** Not a student's fact (a trainer or admin suspended): a key no row has, left alone. */
const NOBODY = -1;

function studentOf(event: DashboardFact): number {
  switch (event.type) {
    case 'StudentRegistered':
    case 'StudentCreated':
      return event.payload.studentId;
    case 'AccountSuspended':
    case 'AccountReactivated':
    case 'AccountClosed':
      return event.payload.role === 'student' ? event.payload.profileId : NOBODY;
    default:
      return event.payload.studentId;
  }
}

/** The student dashboard's counters, one row per student (identity's, enrolment's, tutoring's and this context's facts). */
export const studentDashboardProjection: Projection<StudentDashboardRow, DashboardFact> = {
  name: 'learning-progress.student-dashboard',
  table: 'progress.student_dashboard',
  primaryKey: ['student_id'],
  handles: [
    'StudentRegistered', 'StudentCreated', 'AccountSuspended', 'AccountReactivated', 'AccountClosed', 'StudentEnrolled', 'StudentUnenrolled',
    'AssignmentGiven', 'AssignmentCompleted', 'CourseCompleted',
  ],
  key: (event) => ({ student_id: studentOf(event) }),
  evolve: (row, event) => {
    const student = studentOf(event);
    if (student === NOBODY) return row;
    const current = row ?? { student_id: student, is_active: true, enrolled_courses: 0, courses_completed: 0, complete_assignments: 0, pending_assignments: 0 };
    switch (event.type) {
      case 'StudentRegistered':
      case 'StudentCreated':
        return current;
      case 'AccountSuspended':
      case 'AccountClosed':
        return { ...current, is_active: false };
      case 'AccountReactivated':
        return { ...current, is_active: true };
      case 'StudentEnrolled':
        return { ...current, enrolled_courses: current.enrolled_courses + 1 };
      case 'StudentUnenrolled':
        return { ...current, enrolled_courses: Math.max(0, current.enrolled_courses - 1) };
      case 'AssignmentGiven':
        return { ...current, pending_assignments: current.pending_assignments + 1 };
      case 'AssignmentCompleted':
        return { ...current, pending_assignments: Math.max(0, current.pending_assignments - 1), complete_assignments: current.complete_assignments + 1 };
      default:
        return { ...current, courses_completed: current.courses_completed + 1 };
    }
  },
};
