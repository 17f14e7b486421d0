import { api } from '../../lib/api';
import type {
  CreateTrainerRequest,
  RemovalPlan,
  RemovalResponse,
  TrainerPage,
  TrainerRecord,
  TrainerStudentPage,
  ToggleActiveResponse,
  TrainerDecisionResponse,
  UnassignedCoursePage,
  UpdateTrainerRequest,
} from './admin-types';

/** Rows per page of /admin-teachers (03 §9: 5, paged by the server). */
export const TRAINERS_PAGE_SIZE = 5;
/** Rows per page of each list of the students dialog (03 §2, §9: 10). */
export const TRAINER_STUDENTS_PAGE_SIZE = 10;

/** Which list of the students dialog: those the trainer follows, or the others. */
export type TrainerStudentsSide = 'assigned' | 'unassigned';

const TRAINERS_TAG = { type: 'Teacher' as const, id: 'ADMIN-LIST' };
const trainerStudentsTag = (id: number) => ({ type: 'Teacher' as const, id: `ADMIN-STUDENTS-${id}` });
/** The admin dashboard's totals count the trainers. */
const DASHBOARD = 'Dashboard' as const;

/** The back office's trainers (03 §2, §7 "Teacher management"); every endpoint named adminTeachers… */
export const teachersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /formateur/?search=&page=: the open trainers by name, 5 per page. */
    adminTeachersList: build.query<TrainerPage, { search: string; page: number }>({
      query: ({ search, page }) => ({ url: 'formateur/', params: { search, page } }),
      providesTags: [TRAINERS_TAG],
    }),
    /** GET /formateur/?approval=pending: the trainers who registered and wait for the centre's decision (ADR 0030). */
    adminTeachersRequests: build.query<TrainerPage, void>({
      query: () => ({ url: 'formateur/', params: { approval: 'pending', page: 1, page_size: 50 } }),
      providesTags: [TRAINERS_TAG],
    }),
    /** POST /formateur/{id}/accept/: the trainer may publish, and is told by e-mail. */
    adminTeachersAccept: build.mutation<TrainerDecisionResponse, number>({
      query: (id) => ({ url: `formateur/${id}/accept/`, method: 'POST' }),
      invalidatesTags: (result) => (result ? [TRAINERS_TAG, DASHBOARD] : []),
    }),
    /** POST /formateur/{id}/refuse/ {reason}: the reason is e-mailed, and shown when they try to sign in. */
    adminTeachersRefuse: build.mutation<TrainerDecisionResponse, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `formateur/${id}/refuse/`, method: 'POST', body: { reason } }),
      invalidatesTags: (result) => (result ? [TRAINERS_TAG, DASHBOARD] : []),
    }),
    /** POST /formateur/: the trainer and their account (the account's e-mail is the trainer's). */
    adminTeachersCreate: build.mutation<TrainerRecord, CreateTrainerRequest>({
      query: (body) => ({ url: 'formateur/', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [TRAINERS_TAG, DASHBOARD] : []),
    }),
    /** PATCH /formateur/{id}/ (the login e-mail with it; the username never changes). */
    adminTeachersUpdate: build.mutation<TrainerRecord, { id: number; body: UpdateTrainerRequest }>({
      query: ({ id, body }) => ({ url: `formateur/${id}/`, method: 'PATCH', body }),
      invalidatesTags: (result) => (result ? [TRAINERS_TAG] : []),
    }),
    /** POST /api/toggle-formateur-active/{id}/ (the spec's path, under the API base). */
    adminTeachersToggleActive: build.mutation<ToggleActiveResponse, number>({
      query: (id) => ({ url: `api/toggle-formateur-active/${id}/`, method: 'POST' }),
      invalidatesTags: (result) => (result ? [TRAINERS_TAG] : []),
    }),
    /** GET /formateur/{id}/removal: what a deletion would do, closing the account (history kept) or removing it. */
    adminTeachersRemoval: build.query<RemovalPlan, number>({
      query: (id) => `formateur/${id}/removal`,
      keepUnusedDataFor: 0,
    }),
    /** DELETE /formateur/{id}/ */
    adminTeachersDelete: build.mutation<RemovalResponse, number>({
      query: (id) => ({ url: `formateur/${id}/`, method: 'DELETE' }),
      invalidatesTags: (result) => (result ? [TRAINERS_TAG, DASHBOARD] : []),
    }),
    /** GET /formateur/{id}/courses/unassigned/: the live courses no trainer teaches, read afresh each time the dialog opens. */
    adminTeachersUnassignedCourses: build.query<UnassignedCoursePage, number>({
      query: (id) => `formateur/${id}/courses/unassigned/`,
      keepUnusedDataFor: 0,
    }),
    /** POST /formateur/{id}/assign-course/ (409 when the course has a trainer already). */
    adminTeachersAssignCourse: build.mutation<unknown, { id: number; course_id: number }>({
      query: ({ id, course_id }) => ({ url: `formateur/${id}/assign-course/`, method: 'POST', body: { course_id } }),
      invalidatesTags: (result) => (result ? [{ type: 'Course', id: 'LIST' }] : []),
    }),
    /** GET /formateur/{id}/students/assigned/ or /unassigned/?search=&page=: 10 per page. */
    adminTeachersStudents: build.query<TrainerStudentPage, { id: number; side: TrainerStudentsSide; search: string; page: number }>({
      query: ({ id, side, search, page }) => ({ url: `formateur/${id}/students/${side}/`, params: { search, page } }),
      providesTags: (_r, _e, { id }) => [trainerStudentsTag(id)],
    }),
    /** POST /formateur/{id}/assign-student/: both lists reload. */
    adminTeachersAssignStudent: build.mutation<unknown, { id: number; student_id: number }>({
      query: ({ id, student_id }) => ({ url: `formateur/${id}/assign-student/`, method: 'POST', body: { student_id } }),
      invalidatesTags: (_r, _e, { id, student_id }) => [trainerStudentsTag(id), { type: 'Teacher', id: `OF-STUDENT-${student_id}` }],
    }),
    /** DELETE /formateur/{id}/unassign-student/{student_id}/: both lists reload. */
    adminTeachersUnassignStudent: build.mutation<unknown, { id: number; student_id: number }>({
      query: ({ id, student_id }) => ({ url: `formateur/${id}/unassign-student/${student_id}/`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { id, student_id }) => [trainerStudentsTag(id), { type: 'Teacher', id: `OF-STUDENT-${student_id}` }],
    }),
  }),
});

export const {
  useAdminTeachersListQuery,
  useAdminTeachersRequestsQuery,
  useAdminTeachersAcceptMutation,
  useAdminTeachersRefuseMutation,
  useAdminTeachersCreateMutation,
  useAdminTeachersUpdateMutation,
  useAdminTeachersToggleActiveMutation,
  useLazyAdminTeachersRemovalQuery,
  useAdminTeachersDeleteMutation,
  useAdminTeachersUnassignedCoursesQuery,
  useAdminTeachersAssignCourseMutation,
  useAdminTeachersStudentsQuery,
  useAdminTeachersAssignStudentMutation,
  useAdminTeachersUnassignStudentMutation,
} = teachersApi;
