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

/** GET /public/dossiers/{manifestSha256}/ (docs/adr/0040): whether the centre generated a dossier with exactly this manifest. */
export interface PublicDossierStatus {
  status: 'connu' | 'inconnu';
  dossier: { scope: 'apprenant' | 'lot'; generated_on: string } | null;
}

export const verificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicDossier: build.query<PublicDossierStatus, string>({
      query: (sha256) => `public/dossiers/${encodeURIComponent(sha256)}/`,
      keepUnusedDataFor: 0,
    }),
    getPublicDocument: build.query<PublicDocumentStatus, string>({
      query: (code) => `public/documents/${encodeURIComponent(code)}/`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetPublicDocumentQuery, useGetPublicDossierQuery } = verificationApi;
