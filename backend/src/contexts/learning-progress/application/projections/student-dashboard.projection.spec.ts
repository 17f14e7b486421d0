import { recorded, replay } from '../../../../platform/testing/projection-replay.js';
import { studentDashboardProjection, type StudentDashboardRow } from './student-dashboard.projection.js';

describe('learning-progress.student-dashboard', () => {
  it('given a student\'s facts across contexts, counts courses and homework and follows the account state', () => {
    const rows = replay<StudentDashboardRow>(studentDashboardProjection as never, [
      recorded('StudentRegistered', { accountId: 10, studentId: 4 }),
      recorded('StudentEnrolled', { studentId: 4, courseId: 1, enrolledBy: 'student' }),
      recorded('StudentEnrolled', { studentId: 4, courseId: 2, enrolledBy: 'admin' }),
      recorded('AssignmentGiven', { assignmentId: 1, teacherId: 2, studentId: 4, sha256: 'x' }),
      recorded('AssignmentGiven', { assignmentId: 2, teacherId: 2, studentId: 4, sha256: 'y' }),
      recorded('AssignmentCompleted', { assignmentId: 1, teacherId: 2, studentId: 4 }),
      recorded('CourseCompleted', { studentId: 4, courseId: 1, steps: 3 }),
      recorded('AccountSuspended', { accountId: 10, role: 'student', profileId: 4 }),
    ]);
    expect(rows).toEqual([{ student_id: 4, is_active: false, enrolled_courses: 2, courses_completed: 1, complete_assignments: 1, pending_assignments: 1 }]);
  });

  it('leaves a trainer\'s suspension alone', () => {
    expect(replay(studentDashboardProjection as never, [recorded('AccountSuspended', { accountId: 3, role: 'teacher', profileId: 4 })])).toEqual([null]);
  });
});
