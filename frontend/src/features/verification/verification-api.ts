import { api } from '../../lib/api';

/** GET /public/documents/{code}/ (docs/adr/0040): no login, the same shape for an unknown or a malformed code. */
export interface PublicDocumentStatus {
  status: 'valide' | 'remplace' | 'inconnu';
  document: {
    kind: string;
    kind_label: string;
    version: number;
    learner_initials: string;
    course_title: string;
    training_start: string | null;
    training_end: string | null;
    issued_on: string;
    replaced_on: string | null;
    replaced_by_version: number | null;
  } | null;
}

export const verificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicDocument: build.query<PublicDocumentStatus, string>({
      query: (code) => `public/documents/${encodeURIComponent(code)}/`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetPublicDocumentQuery } = verificationApi;
