import { api } from '../../lib/api';
import type { CategoryView, QuizView, TeacherListPage } from '../../lib/api-schema';

/** A quiz a quiz step may name. */
export interface StepQuizOption {
  id: number;
  title: string;
  trainer: string | null;
  questions: number;
}
import type {
  AdminCoursePage,
  ChapterView,
  CourseOverview,
  CourseView,
  EnrolledStudent,
  PublicationResult,
  RemovalPreview,
  ScormTrace,
  RemovalResult,
  StudyMaterial,
  SubchapterView,
  TrainerCourse,
  TrainerDashboard,
  TrainerOption,
} from './authoring-types';

export type * from './authoring-types';
export type { CategoryView as Category } from '../../lib/api-schema';

/** The admin course list asks 5 courses a page (03 §9). */
export const ADMIN_COURSE_PAGE_SIZE = 5;

/** The chapter list of one course: invalidated by every change to its chapters or sub-chapters. */
export const chaptersTag = (courseId: number) => ({ type: 'Chapter' as const, id: `COURSE-${courseId}` });
export const courseTag = (courseId: number) => ({ type: 'Course' as const, id: courseId });
export const COURSE_LIST_TAG = { type: 'Course' as const, id: 'LIST' };
export const DASHBOARD_TAG = { type: 'Dashboard' as const, id: 'TRAINER' };
export const studyMaterialTag = (courseId: number) => ({ type: 'StudyMaterial' as const, id: `COURSE-${courseId}` });

/** What a change to a course's steps makes stale: its chapter list, its preview, the course lists and counts. */
export const stepChangeTags = (courseId: number) => [chaptersTag(courseId), courseTag(courseId), COURSE_LIST_TAG, DASHBOARD_TAG];

const byOrder = <T extends { order: number }>(list: readonly T[]) => [...list].sort((a, b) => a.order - b.order);

function sortChapters<T extends { order: number; subchapters: readonly { order: number }[] }>(chapters: readonly T[]): T[] {
  return byOrder(chapters).map((chapter) => ({ ...chapter, subchapters: byOrder(chapter.subchapters ?? []) }));
}

/** Moves the list's items to the order of `ids` and numbers them from 1 (02 §4). */
export function applyOrder<T extends { id: number; order: number }>(list: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(list.map((item) => [item.id, item]));
  return ids.flatMap((id, index) => {
    const item = byId.get(id);
    return item ? [{ ...item, order: index + 1 }] : [];
  });
}

export const authoringApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTrainerDashboard: build.query<TrainerDashboard, string>({
      query: (teacherId) => `formateur/dashboard/${teacherId}/`,
      providesTags: [DASHBOARD_TAG],
    }),
    getTrainerCourses: build.query<TrainerCourse[], string>({
      query: (teacherId) => `teacher-course/${teacherId}`,
      providesTags: (result) => [...(result ?? []).map((course) => courseTag(course.id)), COURSE_LIST_TAG],
    }),
    getCourseForEdit: build.query<CourseView, number>({
      query: (courseId) => `teacher-course-detail/${courseId}`,
      providesTags: (_r, _e, courseId) => [courseTag(courseId)],
    }),
    getAdminCourses: build.query<AdminCoursePage, { search: string; page: number }>({
      query: ({ search, page }) => ({
        url: 'course/',
        // `search` always goes, empty too: that is what makes it the back office's list (unassigned courses included).
        params: { search, page, page_size: ADMIN_COURSE_PAGE_SIZE },
      }),
      providesTags: (result) => [...(result?.results ?? []).map((course) => courseTag(course.id)), COURSE_LIST_TAG],
    }),
    /** GET /formateur/ without a page: every trainer, for the admin's trainer select. */
    getTrainerOptions: build.query<TrainerOption[], void>({
      query: () => 'formateur/',
      transformResponse: (page: TeacherListPage) => page.results.map((trainer) => ({ id: trainer.id, name: trainer.full_name })),
    }),
    /** GET /course/{id}: the course and its outline (no content), for the previews' and the admin's headers. */
    getCourseOverview: build.query<CourseOverview, number>({
      query: (courseId) => `course/${courseId}/`,
      providesTags: (_r, _e, courseId) => [courseTag(courseId), chaptersTag(courseId)],
    }),
    getCourseRemoval: build.query<RemovalPreview, number>({
      query: (courseId) => `course/${courseId}/removal/`,
      keepUnusedDataFor: 0,
    }),
    deleteCourse: build.mutation<RemovalResult, number>({
      query: (courseId) => ({ url: `course/${courseId}/`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, courseId) => [courseTag(courseId), COURSE_LIST_TAG, DASHBOARD_TAG],
    }),
    /** « Publier » / « Repasser en brouillon » (ADR 0030): the lists and the course's own views change. */
    setCoursePublication: build.mutation<PublicationResult, { courseId: number; publish: boolean }>({
      query: ({ courseId, publish }) => ({ url: `course/${courseId}/${publish ? 'publish' : 'unpublish'}/`, method: 'POST' }),
      invalidatesTags: (_r, _e, { courseId }) => [courseTag(courseId), COURSE_LIST_TAG],
    }),
    /** « Fiche programme » (ADR 0047): the course's views change (its page, what publishing still needs). */
    saveCourseProgramme: build.mutation<CourseView, { courseId: number; body: Record<string, string | number | boolean | null> }>({
      query: ({ courseId, body }) => ({ url: `course/${courseId}/programme/`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { courseId }) => [courseTag(courseId), COURSE_LIST_TAG],
    }),
    getAuthoringCategories: build.query<CategoryView[], void>({
      query: () => 'category/',
      providesTags: [{ type: 'Category', id: 'LIST' }],
    }),

    getChapters: build.query<ChapterView[], number>({
      query: (courseId) => `course-chapters/${courseId}`,
      transformResponse: (chapters: ChapterView[]) => sortChapters(chapters),
      providesTags: (result, _e, courseId) => [
        chaptersTag(courseId),
        ...(result ?? []).map((chapter) => ({ type: 'Chapter' as const, id: chapter.id })),
      ],
    }),
    getChapter: build.query<ChapterView, number>({
      query: (chapterId) => `chapter/${chapterId}/`,
      providesTags: (_r, _e, chapterId) => [{ type: 'Chapter', id: chapterId }],
    }),
    getSubchapter: build.query<SubchapterView, number>({
      query: (subchapterId) => `subchapter/${subchapterId}/`,
      providesTags: (_r, _e, subchapterId) => [{ type: 'Subchapter', id: subchapterId }],
    }),
    getChapterRemoval: build.query<RemovalPreview, number>({
      query: (chapterId) => `chapter/${chapterId}/removal/`,
      keepUnusedDataFor: 0,
    }),
    getSubchapterRemoval: build.query<RemovalPreview, number>({
      query: (subchapterId) => `subchapter/${subchapterId}/removal/`,
      keepUnusedDataFor: 0,
    }),
    deleteChapter: build.mutation<RemovalResult, { chapterId: number; courseId: number }>({
      query: ({ chapterId }) => ({ url: `chapter/${chapterId}/`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { chapterId, courseId }) => [{ type: 'Chapter', id: chapterId }, ...stepChangeTags(courseId)],
    }),
    deleteSubchapter: build.mutation<RemovalResult, { subchapterId: number; courseId: number }>({
      query: ({ subchapterId }) => ({ url: `subchapter/${subchapterId}/`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { subchapterId, courseId }) => [{ type: 'Subchapter', id: subchapterId }, ...stepChangeTags(courseId)],
    }),
    /** PUT /course-chapters/{course_id}/order/: the whole list at once; the table moves before the answer. */
    reorderChapters: build.mutation<ChapterView[], { courseId: number; chapterIds: number[] }>({
      query: ({ courseId, chapterIds }) => ({ url: `course-chapters/${courseId}/order/`, method: 'PUT', body: { chapters: chapterIds } }),
      async onQueryStarted({ courseId, chapterIds }, { dispatch, queryFulfilled }) {
        const patch = dispatch(authoringApi.util.updateQueryData('getChapters', courseId, (chapters) => applyOrder(chapters, chapterIds)));
        try {
          const { data } = await queryFulfilled;
          dispatch(authoringApi.util.upsertQueryData('getChapters', courseId, sortChapters(data)));
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, _e, { courseId }) => [courseTag(courseId)],
    }),
    reorderSubchapters: build.mutation<SubchapterView[], { courseId: number; chapterId: number; subchapterIds: number[] }>({
      query: ({ chapterId, subchapterIds }) => ({ url: 'subchapters/order/', method: 'PUT', body: { chapter: chapterId, subchapters: subchapterIds } }),
      async onQueryStarted({ courseId, chapterId, subchapterIds }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          authoringApi.util.updateQueryData('getChapters', courseId, (chapters) =>
            chapters.map((chapter) => (chapter.id === chapterId ? { ...chapter, subchapters: applyOrder(chapter.subchapters, subchapterIds) } : chapter)),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, _e, { courseId }) => [courseTag(courseId)],
    }),

    getStudyMaterials: build.query<StudyMaterial[], number>({
      query: (courseId) => `study-material/${courseId}`,
      providesTags: (_r, _e, courseId) => [studyMaterialTag(courseId)],
    }),
    deleteStudyMaterial: build.mutation<void, { materialId: number; courseId: number }>({
      query: ({ materialId }) => ({ url: `study-materials/${materialId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { courseId }) => [studyMaterialTag(courseId)],
    }),
    getScormTrace: build.query<ScormTrace, { student: number; course: number; chapter: number }>({
      query: ({ student, course, chapter }) => `scorm-trace/?student=${student}&course=${course}&chapter=${chapter}`,
      keepUnusedDataFor: 0,
    }),
    /** GET /quiz/: the quizzes a quiz step may name (the trainer's own; every one for an admin), for the step form's list. */
    getStepQuizzes: build.query<StepQuizOption[], void>({
      query: () => 'quiz/',
      transformResponse: (quizzes: QuizView[]) => quizzes.map((quiz) => ({ id: quiz.id, title: quiz.title, trainer: quiz.teacher_name, questions: quiz.total_questions })),
      providesTags: [{ type: 'Quiz', id: 'LIST' }],
    }),
    getEnrolledStudents: build.query<EnrolledStudent[], number>({
      query: (courseId) => `fetch-enrolled-students/${courseId}`,
      providesTags: (_r, _e, courseId) => [{ type: 'Enrolment', id: `COURSE-${courseId}` }],
    }),
  }),
});

export const {
  useGetStepQuizzesQuery,
  useGetTrainerOptionsQuery,
  useGetTrainerDashboardQuery,
  useGetTrainerCoursesQuery,
  useGetCourseForEditQuery,
  useGetAdminCoursesQuery,
  useGetCourseOverviewQuery,
  useLazyGetCourseRemovalQuery,
  useDeleteCourseMutation,
  useSetCoursePublicationMutation,
  useSaveCourseProgrammeMutation,
  useGetAuthoringCategoriesQuery,
  useGetChaptersQuery,
  useGetChapterQuery,
  useGetSubchapterQuery,
  useLazyGetChapterRemovalQuery,
  useLazyGetSubchapterRemovalQuery,
  useDeleteChapterMutation,
  useDeleteSubchapterMutation,
  useReorderChaptersMutation,
  useReorderSubchaptersMutation,
  useGetStudyMaterialsQuery,
  useDeleteStudyMaterialMutation,
  useGetEnrolledStudentsQuery,
  useGetScormTraceQuery,
} = authoringApi;
