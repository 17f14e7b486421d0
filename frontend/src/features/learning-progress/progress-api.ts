import { api } from '../../lib/api';
import type { ProgressRecord, ProgressRulesView, ScormProgressView, StudentCourseView } from '../../lib/api-schema';

export type { ProgressRecord, ProgressRulesView, ScormProgressView, StudentCourseView };

/** One student's records in one course. */
export const progressTag = (student: number, course: number) => ({ type: 'Progress' as const, id: `${student}-${course}` });
/** One student's list of courses with their progress (/my-courses, and the dashboard's table). */
export const studentCoursesTag = (student: number) => ({ type: 'StudentProgress' as const, id: student });

/**
 * The reads of learning progress, and the course completion. The player's saves (POST /progress/,
 * POST /scorm-progress/) go through its own queues (player/progress-saver.ts, scorm/commit-queue.ts):
 * they retry, number their beats and commits, and outlive the page.
 */
export const progressApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /progress/?student=&course=: the steps opened, their time and whether each is validated. */
    getProgress: build.query<ProgressRecord[], { student: number; course: number }>({
      query: ({ student, course }) => ({ url: 'progress/', params: { student, course } }),
      providesTags: (_r, _e, { student, course }) => [progressTag(student, course)],
      keepUnusedDataFor: 0,
    }),
    /**
     * GET /progress-rules/: the figures the server validates a video by (share watched, finish
     * button threshold). They change only with a deployment: read once and kept for the session.
     */
    getProgressRules: build.query<ProgressRulesView, void>({
      query: () => 'progress-rules/',
      keepUnusedDataFor: 24 * 60 * 60,
    }),
    /** GET /scorm-progress/?student=&chapter=: where each SCO of a SCORM chapter resumes. */
    getScormProgress: build.query<ScormProgressView, { student: number; chapter: number }>({
      query: ({ student, chapter }) => ({ url: 'scorm-progress/', params: { student, chapter } }),
      keepUnusedDataFor: 0,
    }),
    /** GET /student-courses/{id}/: the courses the student follows, their progress, time and trainers. */
    getStudentCourses: build.query<StudentCourseView[], number>({
      query: (student) => `student-courses/${student}/`,
      providesTags: (_r, _e, student) => [studentCoursesTag(student)],
    }),
    /** POST /complete-course/: 'Terminer le cours', accepted once every step is validated. */
    completeCourse: build.mutation<{ bool: boolean }, { student: number; course: number }>({
      query: (body) => ({ url: 'complete-course/', method: 'POST', body }),
      invalidatesTags: (_r, _e, { student, course }) => [studentCoursesTag(student), progressTag(student, course)],
    }),
  }),
});

export const { useGetProgressQuery, useGetProgressRulesQuery, useLazyGetProgressQuery, useLazyGetScormProgressQuery, useGetStudentCoursesQuery, useCompleteCourseMutation } = progressApi;
