import { recorded, replay } from '../../../../platform/testing/projection-replay.js';
import { studentCourseProgressProjection, studentProgressProjection, type StudentCourseProgressRow, type StudentProgressRow } from './progress.projections.js';

const who = { studentId: 5, courseId: 9 };
const time = (connected: number, active: number, at: string) =>
  recorded('LearningTimeRecorded', { ...who, kind: 'chapter', stepId: 1, sessionId: 's', beats: 3, connectedSeconds: 0, activeSeconds: 0, method: 'v1', addedConnectedSeconds: connected, addedActiveSeconds: active }, at);

describe('the progress projections', () => {
  const events = [
    recorded('StepOpened', { ...who, kind: 'chapter', stepId: 1, contentType: 'text' }, '2026-11-23T09:00:00.000Z'),
    time(60, 45, '2026-11-23T09:01:00.000Z'),
    time(30, 10, '2026-11-23T09:01:30.000Z'),
    recorded('ChapterValidated', { ...who, kind: 'chapter', stepId: 1, rule: 'text-finish-after-open', figures: {} }, '2026-11-23T09:02:00.000Z'),
    recorded('ChapterValidated', { ...who, kind: 'subchapter', stepId: 2, rule: 'quiz-completed', figures: {} }, '2026-11-23T09:03:00.000Z'),
    recorded('CourseCompleted', { ...who, steps: 2 }, '2026-11-23T09:04:00.000Z'),
  ];

  it('given a learner\'s session, sums the added time, counts validated steps and dates the completion per course', () => {
    expect(replay<StudentCourseProgressRow>(studentCourseProgressProjection as never, events)).toEqual([
      { student_id: 5, course_id: 9, validated_steps: 2, connected_seconds: 90, active_seconds: 55, last_activity_at: '2026-11-23T09:04:00.000Z', completed_at: '2026-11-23T09:04:00.000Z' },
    ]);
  });

  it('and per student overall, with the courses completed', () => {
    expect(replay<StudentProgressRow>(studentProgressProjection as never, [...events, recorded('StepOpened', { studentId: 5, courseId: 10, kind: 'chapter', stepId: 7, contentType: 'video_url' }, '2026-11-24T08:00:00.000Z')])).toEqual([
      { student_id: 5, validated_steps: 2, connected_seconds: 90, active_seconds: 55, courses_completed: 1, last_activity_at: '2026-11-24T08:00:00.000Z' },
    ]);
  });
});
