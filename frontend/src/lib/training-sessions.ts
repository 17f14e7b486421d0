import { api } from './api';
import type { SessionSummaryResponse } from './api-schema';

export type SessionSummary = SessionSummaryResponse;

/**
 * GET /admin/sessions/?course=: the training sessions (docs/adr/0050), the newest first, of one
 * course or all. Here, not in a feature: the sessions' screens list them, and the progress tracking
 * and the evidence file filter by them.
 */
export const trainingSessionsApi = api.enhanceEndpoints({ addTagTypes: ['TrainingSession'] }).injectEndpoints({
  endpoints: (build) => ({
    listSessions: build.query<SessionSummary[], { course?: number } | void>({
      query: (filter) => ({ url: 'admin/sessions/', params: filter?.course ? { course: filter.course } : undefined }),
      providesTags: [{ type: 'TrainingSession', id: 'LIST' }],
    }),
  }),
});

export const { useListSessionsQuery } = trainingSessionsApi;
