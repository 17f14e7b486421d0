import { api } from '../../lib/api';
import type { OpenSupportRequestBody, SupportRequest, SupportStatus } from './support-types';

export type * from './support-types';

/** Technical-support requests (/api/support-requests, docs/adr/0037). */
export const supportApi = api.enhanceEndpoints({ addTagTypes: ['SupportRequest'] }).injectEndpoints({
  endpoints: (build) => ({
    getMySupportRequests: build.query<SupportRequest[], void>({
      query: () => 'support-requests/mine',
      providesTags: ['SupportRequest'],
    }),
    openSupportRequest: build.mutation<SupportRequest, OpenSupportRequestBody>({
      query: (body) => ({ url: 'support-requests', method: 'POST', body }),
      invalidatesTags: ['SupportRequest'],
    }),
    getSupportRequests: build.query<SupportRequest[], { status?: SupportStatus; course?: number }>({
      query: ({ status, course }) => ({ url: 'support-requests', params: { ...(status ? { status } : {}), ...(course ? { course } : {}) } }),
      providesTags: ['SupportRequest'],
    }),
    answerSupportRequest: build.mutation<SupportRequest, { id: number; message: string; answer_key: string }>({
      query: ({ id, ...body }) => ({ url: `support-requests/${id}/answers`, method: 'POST', body }),
      invalidatesTags: ['SupportRequest'],
    }),
    resolveSupportRequest: build.mutation<SupportRequest, number>({
      query: (id) => ({ url: `support-requests/${id}/resolve`, method: 'POST' }),
      invalidatesTags: ['SupportRequest'],
    }),
  }),
});

export const {
  useGetMySupportRequestsQuery,
  useOpenSupportRequestMutation,
  useGetSupportRequestsQuery,
  useAnswerSupportRequestMutation,
  useResolveSupportRequestMutation,
} = supportApi;
