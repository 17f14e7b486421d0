import { api } from '../../lib/api';
import type { AnswerReceipt, Answers, InvitationsSent, MySurvey, Questionnaire, QuestionnaireBody, ResultFilters, SurveyForm, SurveyResults } from './satisfaction-types';

export type * from './satisfaction-types';

const paramsOf = (filters: object): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)]));

/** Satisfaction questionnaires (/api/admin/questionnaires, /api/surveys; docs/adr/0054). */
export const satisfactionApi = api.enhanceEndpoints({ addTagTypes: ['Questionnaire', 'MySurvey'] }).injectEndpoints({
  endpoints: (build) => ({
    getSurveyCourses: build.query<{ id: number; title: string | null }[], void>({ query: () => 'complaints/courses' }),
    getQuestionnaires: build.query<Questionnaire[], void>({ query: () => 'admin/questionnaires', providesTags: ['Questionnaire'] }),
    createQuestionnaire: build.mutation<Questionnaire, QuestionnaireBody>({
      query: (body) => ({ url: 'admin/questionnaires', method: 'POST', body }),
      invalidatesTags: ['Questionnaire'],
    }),
    updateQuestionnaire: build.mutation<Questionnaire, { id: number } & QuestionnaireBody>({
      query: ({ id, ...body }) => ({ url: `admin/questionnaires/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Questionnaire'],
    }),
    inviteContacts: build.mutation<InvitationsSent, { id: number; course_id: number; session_id?: number; emails: string[] }>({
      query: ({ id, ...body }) => ({ url: `admin/questionnaires/${id}/invitations`, method: 'POST', body }),
      invalidatesTags: ['Questionnaire'],
    }),
    getSurveyResults: build.query<SurveyResults, { id: number } & ResultFilters>({
      query: ({ id, ...filters }) => ({ url: `admin/questionnaires/${id}/results`, params: paramsOf(filters) }),
      providesTags: ['Questionnaire'],
    }),
    getMySurveys: build.query<MySurvey[], void>({ query: () => 'surveys/mine', providesTags: ['MySurvey'] }),
    getMySurveyForm: build.query<SurveyForm, number>({ query: (id) => `surveys/mine/${id}`, providesTags: ['MySurvey'] }),
    answerMySurvey: build.mutation<AnswerReceipt, { id: number; answers: Answers; request_key: string }>({
      query: ({ id, ...body }) => ({ url: `surveys/mine/${id}/answers`, method: 'POST', body }),
      invalidatesTags: ['MySurvey'],
    }),
    getPublicSurvey: build.query<SurveyForm, string>({ query: (token) => ({ url: 'surveys/answer/lookup', method: 'POST', body: { token } }) }),
    answerPublicSurvey: build.mutation<AnswerReceipt, { token: string; answers: Answers; request_key: string }>({
      query: (body) => ({ url: 'surveys/answer', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetSurveyCoursesQuery,
  useGetQuestionnairesQuery,
  useCreateQuestionnaireMutation,
  useUpdateQuestionnaireMutation,
  useInviteContactsMutation,
  useGetSurveyResultsQuery,
  useGetMySurveysQuery,
  useGetMySurveyFormQuery,
  useAnswerMySurveyMutation,
  useGetPublicSurveyQuery,
  useAnswerPublicSurveyMutation,
} = satisfactionApi;
