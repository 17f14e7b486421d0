import { api } from '../../lib/api';
import type { TranscriptView } from '../../lib/api-schema';

export type { TranscriptView };

/** Who reads the transcript: the learner their own (the /me/ call), or a trainer or admin a student's. */
export type TranscriptArgs = { course: number; student?: number };

export const evidenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /evidence/me/courses/{course}/transcript/ or /evidence/students/{student}/courses/{course}/transcript/. */
    getTranscript: build.query<TranscriptView, TranscriptArgs>({
      query: ({ course, student }) => (student === undefined ? `evidence/me/courses/${course}/transcript/` : `evidence/students/${student}/courses/${course}/transcript/`),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetTranscriptQuery } = evidenceApi;
