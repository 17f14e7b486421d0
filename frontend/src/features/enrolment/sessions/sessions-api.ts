import { api } from '../../../lib/api';
import type { CoursePage, CourseStudentView, SessionDetailResponse, SessionSummaryResponse, TeacherListPage } from '../../../lib/api-schema';

export type SessionSummary = SessionSummaryResponse;
export type SessionDetail = SessionDetailResponse;
export type SessionLearner = SessionDetail['learners_list'][number];
export type EdofDeclaration = NonNullable<SessionLearner['edof']>['entry'];
export type EdofKind = 'entry' | 'exit';

export interface SessionInput {
  name: string;
  start_date: string;
  end_date: string;
}

/** Training sessions and EDOF declarations (/api/admin/sessions/…, docs/adr/0050): the admins'. */
export const sessionsApi = api.enhanceEndpoints({ addTagTypes: ['TrainingSession'] }).injectEndpoints({
  endpoints: (build) => ({
    listSessions: build.query<SessionSummary[], void>({
      query: () => 'admin/sessions/',
      providesTags: [{ type: 'TrainingSession', id: 'LIST' }],
    }),
    getSession: build.query<SessionDetail, number>({
      query: (id) => `admin/sessions/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'TrainingSession', id }],
    }),
    scheduleSession: build.mutation<{ id: number }, SessionInput & { course: number; request_key: string }>({
      query: (body) => ({ url: 'admin/sessions/', method: 'POST', body }),
      invalidatesTags: [{ type: 'TrainingSession', id: 'LIST' }],
    }),
    changeSession: build.mutation<{ changed: boolean }, SessionInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `admin/sessions/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'TrainingSession', id }, { type: 'TrainingSession', id: 'LIST' }],
    }),
    addSessionMember: build.mutation<{ added: boolean }, { id: number; role: 'learners' | 'trainers'; personId: number }>({
      query: ({ id, role, personId }) => ({ url: `admin/sessions/${id}/${role}/`, method: 'POST', body: role === 'learners' ? { student: personId } : { teacher: personId } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'TrainingSession', id }, { type: 'TrainingSession', id: 'LIST' }],
    }),
    removeSessionMember: build.mutation<void, { id: number; role: 'learners' | 'trainers'; personId: number }>({
      query: ({ id, role, personId }) => ({ url: `admin/sessions/${id}/${role}/${personId}/`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'TrainingSession', id }, { type: 'TrainingSession', id: 'LIST' }],
    }),
    declareOnEdof: build.mutation<{ declared: boolean; declared_on: string }, { sessionId: number; studentId: number; courseId: number; kind: EdofKind }>({
      query: ({ studentId, courseId, kind }) => ({ url: `admin/students/${studentId}/courses/${courseId}/edof/${kind}/`, method: 'PUT' }),
      invalidatesTags: (_result, _error, { sessionId }) => [{ type: 'TrainingSession', id: sessionId }],
    }),
    /** GET /course/?search=: the courses a session may run (the back office's list). */
    sessionCourseChoices: build.query<CoursePage, string>({
      query: (search) => ({ url: 'course/', params: { search, page: 1, page_size: 50 } }),
    }),
    /** GET /fetch-enrolled-students/{course}: who may join a session of the course. */
    sessionLearnerChoices: build.query<CourseStudentView[], number>({
      query: (courseId) => `fetch-enrolled-students/${courseId}`,
    }),
    /** GET /formateur/: the trainers (the accepted ones may lead a session). */
    sessionTrainerChoices: build.query<TeacherListPage['results'], void>({
      query: () => 'formateur/',
      transformResponse: (answer: TeacherListPage) => answer.results,
    }),
  }),
});

export const {
  useListSessionsQuery,
  useGetSessionQuery,
  useScheduleSessionMutation,
  useChangeSessionMutation,
  useAddSessionMemberMutation,
  useRemoveSessionMemberMutation,
  useDeclareOnEdofMutation,
  useSessionCourseChoicesQuery,
  useSessionLearnerChoicesQuery,
  useSessionTrainerChoicesQuery,
} = sessionsApi;
