import { api } from '../../lib/api';
import type {
  CoursePage,
  AuditCourseView,
  AuditLearnerView,
  AuditSessionView,
  AuditorAccessView,
  AuditorInvitedResponse,
  AuditorLoginResponse,
  AuditorMeResponse,
  AuditorView,
  IssuedDocumentSummary,
  TranscriptView,
} from '../../lib/api-schema';

export type { AuditCourseView, AuditLearnerView, AuditSessionView, AuditorAccessView, AuditorMeResponse, AuditorView, IssuedDocumentSummary, TranscriptView };

/** What an admin sets: the end date and the scope (every course, or the chosen ones). */
export interface AuditorScopeBody {
  ends_on: string;
  all_courses: boolean;
  course_ids: number[];
}
export interface InviteAuditorBody extends AuditorScopeBody {
  full_name: string;
  email: string;
  organisation: string;
}

const noReauth = { skipReauth: true };

/** The auditors' calls (docs/adr/0039): the auditor's own reads under /audit, the admins' management under /admin/auditors. */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditorLogin: build.mutation<AuditorLoginResponse, { email: string; password: string }>({
      query: (body) => ({ url: 'auditeurs/token/', method: 'POST', body }),
      extraOptions: noReauth,
    }),
    activateAuditor: build.mutation<void, { token: string; password: string }>({
      query: (body) => ({ url: 'auditeurs/activation/', method: 'POST', body }),
      extraOptions: noReauth,
    }),
    getAuditMe: build.query<AuditorMeResponse, void>({ query: () => 'audit/me/', keepUnusedDataFor: 0 }),
    getAuditCourses: build.query<AuditCourseView[], void>({ query: () => 'audit/courses/', keepUnusedDataFor: 0 }),
    getAuditLearners: build.query<AuditLearnerView[], { course: number; session?: number }>({
      query: ({ course, session }) => ({ url: `audit/courses/${course}/learners/`, params: session ? { session } : undefined }),
      keepUnusedDataFor: 0,
    }),
    getAuditSessions: build.query<AuditSessionView[], number>({ query: (course) => `audit/courses/${course}/sessions/`, keepUnusedDataFor: 0 }),
    getAuditTranscript: build.query<TranscriptView, { course: number; student: number }>({
      query: ({ course, student }) => `audit/students/${student}/courses/${course}/transcript/`,
      keepUnusedDataFor: 0,
    }),
    getAuditDocuments: build.query<IssuedDocumentSummary[], { course: number; student: number }>({
      query: ({ course, student }) => `audit/students/${student}/courses/${course}/documents/`,
      keepUnusedDataFor: 0,
    }),

    /** The back office's courses (drafts and unassigned included), for the scope's picker: the first 50 by the list's order, searched by title. */
    getScopeCourseOptions: build.query<CoursePage, string>({ query: (search) => ({ url: 'course/', params: { search, page: 1, page_size: 50 } }), keepUnusedDataFor: 0 }),
    listAuditors: build.query<AuditorView[], void>({ query: () => 'admin/auditors/', keepUnusedDataFor: 0 }),
    getAuditor: build.query<AuditorView, number>({ query: (id) => `admin/auditors/${id}/`, keepUnusedDataFor: 0 }),
    getAuditorAccesses: build.query<AuditorAccessView[], number>({ query: (id) => `admin/auditors/${id}/accesses/`, keepUnusedDataFor: 0 }),
    inviteAuditor: build.mutation<AuditorInvitedResponse, InviteAuditorBody>({
      query: (body) => ({ url: 'admin/auditors/', method: 'POST', body }),
    }),
    changeAuditor: build.mutation<AuditorView, { id: number; body: AuditorScopeBody }>({
      query: ({ id, body }) => ({ url: `admin/auditors/${id}/`, method: 'PUT', body }),
    }),
    endAuditor: build.mutation<AuditorView, number>({
      query: (id) => ({ url: `admin/auditors/${id}/end/`, method: 'POST' }),
    }),
  }),
});

export const {
  useAuditorLoginMutation,
  useActivateAuditorMutation,
  useGetAuditMeQuery,
  useGetAuditCoursesQuery,
  useGetAuditLearnersQuery,
  useGetAuditSessionsQuery,
  useGetAuditTranscriptQuery,
  useGetAuditDocumentsQuery,
  useGetScopeCourseOptionsQuery,
  useListAuditorsQuery,
  useGetAuditorQuery,
  useGetAuditorAccessesQuery,
  useInviteAuditorMutation,
  useChangeAuditorMutation,
  useEndAuditorMutation,
} = auditApi;
