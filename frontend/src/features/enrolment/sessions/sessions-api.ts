import type { CoursePage, CourseStudentView, ServiceFaitResponse, SessionDetailResponse, TeacherListPage } from '../../../lib/api-schema';
import { trainingSessionsApi } from '../../../lib/training-sessions';

export { useListSessionsQuery, type SessionSummary } from '../../../lib/training-sessions';
export type SessionDetail = SessionDetailResponse;
export type ServiceFait = ServiceFaitResponse;
export type ServiceFaitLine = ServiceFait['lines'][number];
export type SessionLearnerReason = 'abandon' | 'absence' | 'interruption' | 'force_majeure' | 'autre';
export type SessionLearner = SessionDetail['learners_list'][number];
export type EdofDeclaration = NonNullable<SessionLearner['edof']>['entry'];
export type EdofKind = 'entry' | 'exit';

export interface SessionInput {
  name: string;
  start_date: string;
  end_date: string;
}

/** Training sessions and EDOF declarations (/api/admin/sessions/…, docs/adr/0050): the admins'. */
export const sessionsApi = trainingSessionsApi.injectEndpoints({
  endpoints: (build) => ({
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
    /** GET /admin/sessions/{id}/service-fait/: EDOF's « service fait » figures, per learner who was in the session. */
    getServiceFait: build.query<ServiceFait, number>({
      query: (id) => `admin/sessions/${id}/service-fait/`,
      providesTags: (_result, _error, id) => [{ type: 'TrainingSession', id }],
    }),
    setLearnerReason: build.mutation<{ changed: boolean }, { id: number; studentId: number; reason: SessionLearnerReason | null }>({
      query: ({ id, studentId, reason }) => ({ url: `admin/sessions/${id}/learners/${studentId}/reason/`, method: 'PUT', body: { reason } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'TrainingSession', id }],
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
  useGetSessionQuery,
  useGetServiceFaitQuery,
  useSetLearnerReasonMutation,
  useScheduleSessionMutation,
  useChangeSessionMutation,
  useAddSessionMemberMutation,
  useRemoveSessionMemberMutation,
  useDeclareOnEdofMutation,
  useSessionCourseChoicesQuery,
  useSessionLearnerChoicesQuery,
  useSessionTrainerChoicesQuery,
} = sessionsApi;
