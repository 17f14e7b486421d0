import { api } from '../../lib/api';
import type { DocumentPreviewResponse, IssuedDocumentResponse, IssuedDocumentSummary, TranscriptView } from '../../lib/api-schema';

export type { DocumentPreviewResponse, IssuedDocumentResponse, IssuedDocumentSummary, TranscriptView };

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

export type DocumentKind = IssuedDocumentSummary['kind'];
export type PartialReason = 'abandon' | 'absence' | 'interruption' | 'force_majeure';
/** Whose documents: the learner's own (the /me/ call), or a student's for their trainer or an admin. */
export type DocumentsArgs = { course: number; student?: number };

export const documentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /evidence/me/courses/{course}/documents/ (versions in force) or /evidence/students/{student}/courses/{course}/documents/ (every version). */
    listDocuments: build.query<IssuedDocumentSummary[], DocumentsArgs>({
      query: ({ course, student }) => (student === undefined ? `evidence/me/courses/${course}/documents/` : `evidence/students/${student}/courses/${course}/documents/`),
      keepUnusedDataFor: 0,
    }),
    /** GET /admin/students/{student}/courses/{course}/documents/preview/?kind=…: the figures the document would print now. */
    previewDocument: build.query<DocumentPreviewResponse, { course: number; student: number; kind: DocumentKind }>({
      query: ({ course, student, kind }) => `admin/students/${student}/courses/${course}/documents/preview/?kind=${kind}`,
      keepUnusedDataFor: 0,
    }),
    /** POST /admin/students/{student}/courses/{course}/documents/: issue (or issue a new version). */
    issueDocument: build.mutation<IssuedDocumentResponse, { course: number; student: number; kind: DocumentKind; partial_reason: PartialReason | null }>({
      query: ({ course, student, kind, partial_reason }) => ({
        url: `admin/students/${student}/courses/${course}/documents/`,
        method: 'POST',
        body: partial_reason ? { kind, partial_reason } : { kind },
      }),
    }),
  }),
});

export const { useListDocumentsQuery, usePreviewDocumentQuery, useIssueDocumentMutation } = documentsApi;
