import { recorded, replay } from '../../../../platform/testing/projection-replay.js';
import {
  courseOutlineProjection, courseStatsProjection, trainerStudentProjection, type CourseOutlineRow, type CourseStatsRow,
} from './catalogue-stats.projection.js';

describe('catalogue.course-stats', () => {
  it('given enrolments and ratings, counts students and sums ratings per course', () => {
    const rows = replay<CourseStatsRow>(courseStatsProjection as never, [
      recorded('StudentEnrolled', { studentId: 1, courseId: 7 }),
      recorded('StudentEnrolled', { studentId: 2, courseId: 7 }),
      recorded('CourseRated', { studentId: 1, courseId: 7, rating: 5 }),
      recorded('CourseRated', { studentId: 2, courseId: 7, rating: 2 }),
      recorded('StudentEnrolled', { studentId: 1, courseId: 8 }),
    ]);
    expect(rows).toEqual([
      { course_id: 7, total_enrolled_students: 2, rating_sum: 7, rating_count: 2 },
      { course_id: 8, total_enrolled_students: 1, rating_sum: 0, rating_count: 0 },
    ]);
  });

  it('handles only the enrolment facts it needs', () => {
    expect(courseStatsProjection.handles).toEqual(['StudentEnrolled', 'StudentUnenrolled', 'CourseRated']);
  });
});

describe('catalogue.course-outline', () => {
  it('follows a course from its creation (or its former CoursePublished) to its archive or deletion', () => {
    const rows = replay<CourseOutlineRow>(courseOutlineProjection as never, [
      recorded('CoursePublished', { courseId: 1, categoryId: 3, teacherId: 1, title: 'A' }),
      recorded('ChapterAdded', { courseId: 1, chapterId: 10 }),
      recorded('ChapterAdded', { courseId: 1, chapterId: 11 }),
      recorded('ChapterArchived', { courseId: 1, chapterId: 10 }),
      recorded('CourseCreated', { courseId: 2, categoryId: 4, teacherId: null, title: 'B' }),
      recorded('CourseUpdated', { courseId: 2, categoryId: 5, teacherId: 7, title: 'B', imageReplaced: false }),
      recorded('ChapterAdded', { courseId: 2, chapterId: 20 }),
      recorded('CourseArchived', { courseId: 2, categoryId: 5, teacherId: 7, enrolledStudents: 3 }),
      recorded('CourseCreated', { courseId: 3, categoryId: 4, teacherId: 1, title: 'C' }),
      recorded('ChapterAdded', { courseId: 3, chapterId: 30 }),
      recorded('ChapterDeleted', { courseId: 3, chapterId: 30 }),
      recorded('CourseDeleted', { courseId: 3 }),
    ]);
    expect(rows).toEqual([
      { course_id: 1, teacher_id: 1, category_id: 3, chapters: 1, archived: false },
      { course_id: 2, teacher_id: 7, category_id: 5, chapters: 1, archived: true },
      null,
    ]);
  });

  it('ignores a step event of a course it never saw created', () => {
    expect(replay(courseOutlineProjection as never, [recorded('ChapterAdded', { courseId: 9, chapterId: 1 })])).toEqual([null]);
  });
});

describe('catalogue.trainer-student', () => {
  it('follows the tutoring links: assigned, unassigned, assigned again, however often the fact is read', () => {
    const rows = replay(trainerStudentProjection as never, [
      recorded('TrainerAssignedToStudent', { tutorshipId: 1, teacherId: 3, studentId: 1, origin: 'enrolment', courseId: 7 }),
      recorded('TrainerAssignedToStudent', { tutorshipId: 1, teacherId: 3, studentId: 1, origin: 'enrolment', courseId: 7 }),
      recorded('TrainerAssignedToStudent', { tutorshipId: 2, teacherId: 3, studentId: 2, origin: 'admin', courseId: null }),
      recorded('TrainerUnassignedFromStudent', { tutorshipId: 2, teacherId: 3, studentId: 2 }),
      recorded('TrainerAssignedToStudent', { tutorshipId: 3, teacherId: 4, studentId: 2, origin: 'admin', courseId: null }),
    ]);
    expect(rows).toEqual([{ teacher_id: 3, student_id: 1 }, null, { teacher_id: 4, student_id: 2 }]);
  });
});
