import { recorded, replay } from '../../../../platform/testing/projection-replay.js';
import { learnerCourseProjection, learnerQuizProjection, type LearnerCourseRow, type LearnerQuizRow } from './indicators.projections.js';

const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}T09:00:00.000Z`;

describe('indicators.learner_course', () => {
  const rows = (...events: ReturnType<typeof recorded>[]) => replay(learnerCourseProjection as never, events) as LearnerCourseRow[];

  it('keeps the first entry, counts the steps opened, the completion once, and a leaving cleared by a new enrolment', () => {
    const [row] = rows(
      recorded('StudentEnrolled', { studentId: 9, courseId: 3, enrolledBy: 'admin' }, day(2)),
      recorded('StepOpened', { studentId: 9, courseId: 3, kind: 'chapter', stepId: 1, contentType: 'text' }, day(3)),
      recorded('StudentUnenrolled', { studentId: 9, courseId: 3 }, day(4)),
    );
    expect(row).toEqual({ student_id: 9, course_id: 3, enrolled_at: day(2), left_at: day(4), completed_at: null, steps_opened: 1, last_opened_at: day(3),
      documents_downloaded: 0, last_downloaded_at: null,
    });
    const [back] = rows(
      recorded('StudentEnrolled', { studentId: 9, courseId: 3, enrolledBy: 'admin' }, day(2)),
      recorded('StudentUnenrolled', { studentId: 9, courseId: 3 }, day(4)),
      recorded('StudentEnrolled', { studentId: 9, courseId: 3, enrolledBy: 'student' }, day(5)),
      recorded('CourseCompleted', { studentId: 9, courseId: 3, steps: 4 }, day(6)),
      recorded('CourseCompleted', { studentId: 9, courseId: 3, steps: 4 }, day(7)),
    );
    expect(back).toMatchObject({ enrolled_at: day(2), left_at: null, completed_at: day(6) });
  });

  it('counts the documents the learner downloaded (each a download the content gate counted)', () => {
    const [row] = rows(
      recorded('StudentEnrolled', { studentId: 9, courseId: 3, enrolledBy: 'admin' }, day(2)),
      recorded('StudyDocumentDownloaded', { studentId: 9, courseId: 3, materialId: 5 }, day(3)),
      recorded('StudyDocumentDownloaded', { studentId: 9, courseId: 3, materialId: 6 }, day(4)),
    );
    expect(row).toMatchObject({ documents_downloaded: 2, last_downloaded_at: day(4), steps_opened: 0 });
  });

  it('does not make a learner of a student who only downloaded (following the course through a formation, not enrolled)', () => {
    expect(rows(recorded('StudyDocumentDownloaded', { studentId: 9, courseId: 3, materialId: 5 }, day(3)))).toEqual([null]);
  });
});

describe('indicators.learner_quiz', () => {
  const rows = (...events: ReturnType<typeof recorded>[]) => replay(learnerQuizProjection as never, events) as (LearnerQuizRow | null)[];
  const completed = (attempt: number, score: number, passed: boolean | undefined, courseId: number | null = 3) =>
    recorded('QuizCompleted', { studentId: 9, quizId: 7, attempt, score, total: 4, courseId, chapterId: 1, subchapterId: null, ...(passed === undefined ? {} : { passed }) }, day(attempt + 1));

  it('keeps the best and last scores, and when the pass mark was first reached', () => {
    const [row] = rows(completed(1, 1, false), completed(2, 3, true), completed(3, 2, false));
    expect(row).toEqual({
      student_id: 9, course_id: 3, quiz_id: 7, attempts: 3, best_percent: 75, last_percent: 50, passed_at: day(3), validated_by_trainer: false, last_at: day(4),
    });
  });

  it('an event written before pass marks passed; a validation by hand passes; a quiz outside a course is not counted', () => {
    expect(rows(completed(1, 0, undefined))[0]).toMatchObject({ passed_at: day(2) });
    const [byHand] = rows(
      completed(1, 0, false),
      recorded('QuizValidatedByTrainer', { studentId: 9, quizId: 7, attempt: 1, score: 0, total: 4, courseId: 3, chapterId: 1, subchapterId: null, reasonCategory: 'autre', reasonHash: 'h' }, day(9)),
    );
    expect(byHand).toMatchObject({ attempts: 1, best_percent: 0, validated_by_trainer: true, passed_at: day(9) });
    expect(learnerQuizProjection.key(completed(1, 4, true, null) as never)).toBeNull();
  });
});
