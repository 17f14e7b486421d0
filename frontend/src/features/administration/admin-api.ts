import { api } from '../../lib/api';
import type {
  AdminPasswordRequest,
  AssignedTrainer,
  CoursePage,
  CreatedStudentResponse,
  CreateStudentRequest,
  DashboardTotals,
  DashboardTrends,
  EnrolledCourse,
  PasswordChangeResponse,
  ProgressPage,
  ProgressQuery,
  RemovalPlan,
  RemovalResponse,
  StudentRecord,
  TeacherListItem,
  TrainerPage,
  ToggleActiveResponse,
  UpdateStudentRequest,
} from './admin-types';

export type * from './admin-types';

/** Rows per page of the progress list (03 §2, "Page X sur Y (5 étudiants par page)"). */
export const PROGRESS_PAGE_SIZE = 5;

const STUDENTS_TAG = { type: 'Student' as const, id: 'ADMIN-LIST' };
const studentTag = (id: number) => ({ type: 'Student' as const, id: `ADMIN-${id}` });
const studentCoursesTag = (id: number) => ({ type: 'Enrolment' as const, id: `ADMIN-${id}` });
const studentTrainersTag = (id: number) => ({ type: 'Teacher' as const, id: `OF-STUDENT-${id}` });

/** The administration's reads and writes (03). */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /admin/students/progress/: the students with their progress, searched, in a date range or a session, 5 per page. */
    getStudentsProgress: build.query<ProgressPage, ProgressQuery>({
      query: ({ search, start_date, end_date, session, page }) => ({
        url: 'admin/students/progress/',
        params: { search, page, page_size: PROGRESS_PAGE_SIZE, ...(start_date ? { start_date } : {}), ...(end_date ? { end_date } : {}), ...(session ? { session } : {}) },
      }),
      providesTags: [{ type: 'StudentProgress', id: 'ADMIN' }],
    }),
    /** GET /admin/students/full-data/: every student's administrative record (paged on the screen). */
    getStudentRecords: build.query<StudentRecord[], void>({
      query: () => 'admin/students/full-data/',
      providesTags: [STUDENTS_TAG],
    }),
    /** POST /students/: a student created by the centre, with their account and, by default, a welcome e-mail. */
    createStudentRecord: build.mutation<CreatedStudentResponse, CreateStudentRequest>({
      query: (body) => ({ url: 'students/', method: 'POST', body }),
      invalidatesTags: [STUDENTS_TAG, { type: 'StudentProgress', id: 'ADMIN' }],
    }),
    /** POST /student/{id}/toggle-active/, then, when the account is now suspended, POST /blacklist-user-tokens/{id}/ (03 §4). */
    toggleStudentActive: build.mutation<ToggleActiveResponse, number>({
      async queryFn(id, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: `student/${id}/toggle-active/`, method: 'POST' });
        if (answer.error) return { error: answer.error };
        const data = answer.data as ToggleActiveResponse;
        if (data.is_active === false) await baseQuery({ url: `blacklist-user-tokens/${id}/`, method: 'POST' });
        return { data };
      },
      invalidatesTags: [STUDENTS_TAG],
    }),
    /** GET /admin/students/{id}/: one student's administrative record. */
    getStudentRecord: build.query<StudentRecord, number>({
      query: (id) => `admin/students/${id}/`,
      providesTags: (_r, _e, id) => [studentTag(id)],
    }),
    /** PATCH /admin/students/{id}/ (the username stays: ADR 0015). */
    updateStudentRecord: build.mutation<StudentRecord, { id: number; body: UpdateStudentRequest }>({
      query: ({ id, body }) => ({ url: `admin/students/${id}/`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [studentTag(id), STUDENTS_TAG],
    }),
    /** PUT /users/{id}/change_password/ (the account's id: user_read.id), the new password e-mailed by default. */
    setUserPassword: build.mutation<PasswordChangeResponse, { userId: number; body: AdminPasswordRequest }>({
      query: ({ userId, body }) => ({ url: `users/${userId}/change_password/`, method: 'PUT', body }),
    }),
    /** GET /fetch-enrolled-courses/{id}: the courses the student is enrolled in. */
    getEnrolledCourses: build.query<EnrolledCourse[], number>({
      query: (id) => `fetch-enrolled-courses/${id}`,
      providesTags: (_r, _e, id) => [studentCoursesTag(id)],
    }),
    /** POST /student-enroll-course/ by the admin. */
    enrolStudent: build.mutation<unknown, { student: number; course: number }>({
      query: (body) => ({ url: 'student-enroll-course/', method: 'POST', body }),
      invalidatesTags: (_r, _e, { student }) => [studentCoursesTag(student), { type: 'StudentProgress', id: 'ADMIN' }],
    }),
    /** DELETE /remove-enrolled-course/{student}/{course}/: unenrolled, the history kept. */
    unenrolStudent: build.mutation<unknown, { student: number; course: number }>({
      query: ({ student, course }) => ({ url: `remove-enrolled-course/${student}/${course}/`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { student }) => [studentCoursesTag(student), { type: 'StudentProgress', id: 'ADMIN' }],
    }),
    /** GET /fetch-my-teachers/{id}: the trainers who follow the student. */
    getStudentTrainers: build.query<AssignedTrainer[], number>({
      query: (id) => `fetch-my-teachers/${id}`,
      providesTags: (_r, _e, id) => [studentTrainersTag(id)],
    }),
    /** POST /student-assignment/: a trainer follows the student. */
    assignTrainer: build.mutation<unknown, { formateur: number; student: number }>({
      query: (body) => ({ url: 'student-assignment/', method: 'POST', body }),
      invalidatesTags: (_r, _e, { student }) => [studentTrainersTag(student)],
    }),
    /** DELETE /student-assignment/{teacher}/{student}: the trainer no longer follows them (past exchanges stay readable). */
    unassignTrainer: build.mutation<unknown, { formateur: number; student: number }>({
      query: ({ formateur, student }) => ({ url: `student-assignment/${formateur}/${student}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { student }) => [studentTrainersTag(student)],
    }),
    /** GET /admin/students/{id}/removal: what deleting would do (close, the history kept, or delete) and why. */
    getStudentRemoval: build.query<RemovalPlan, number>({
      query: (id) => `admin/students/${id}/removal`,
      keepUnusedDataFor: 0,
    }),
    /** DELETE /admin/students/{id}/: the account closed (with history) or removed (without). */
    deleteStudentRecord: build.mutation<RemovalResponse, number>({
      query: (id) => ({ url: `admin/students/${id}/`, method: 'DELETE' }),
      invalidatesTags: [STUDENTS_TAG, { type: 'StudentProgress', id: 'ADMIN' }],
    }),
    /** GET /admin/dashboard/{adminId}: the three totals and when the last fact counted happened. */
    getAdminDashboard: build.query<DashboardTotals, string>({
      query: (adminId) => `admin/dashboard/${adminId}`,
      providesTags: [{ type: 'Dashboard', id: 'ADMIN-TOTALS' }],
    }),
    /** GET /admin/dashboard/{adminId}/trends?weeks=: enrolments, active learners and completions per week. */
    getAdminTrends: build.query<DashboardTrends, { adminId: string; weeks: number }>({
      query: ({ adminId, weeks }) => ({ url: `admin/dashboard/${adminId}/trends`, params: { weeks } }),
      providesTags: [{ type: 'Dashboard', id: 'ADMIN-TRENDS' }],
    }),
    /** GET /course/?search=: the back office's course list (searched), for the assign dialog. */
    getAssignableCourses: build.query<CoursePage, string>({
      query: (search) => ({ url: 'course/', params: { search, page: 1, page_size: 20 } }),
    }),
    /** GET /formateur/ without a page: every trainer, for the dialogs' lists. */
    getAllTrainers: build.query<TeacherListItem[], void>({
      query: () => 'formateur/',
      transformResponse: (answer: TrainerPage) => answer.results,
    }),
  }),
});

export const {
  useGetStudentsProgressQuery,
  useGetStudentRecordsQuery,
  useCreateStudentRecordMutation,
  useToggleStudentActiveMutation,
  useGetAllTrainersQuery,
  useGetStudentRecordQuery,
  useUpdateStudentRecordMutation,
  useSetUserPasswordMutation,
  useGetEnrolledCoursesQuery,
  useEnrolStudentMutation,
  useUnenrolStudentMutation,
  useGetStudentTrainersQuery,
  useAssignTrainerMutation,
  useUnassignTrainerMutation,
  useGetAssignableCoursesQuery,
  useLazyGetStudentRemovalQuery,
  useDeleteStudentRecordMutation,
  useGetAdminDashboardQuery,
  useGetAdminTrendsQuery,
} = adminApi;
