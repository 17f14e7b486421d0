import { api } from '../../lib/api';
import type { DossierBatchRequest, DossierView } from '../../lib/api-schema';

export type { DossierView };

export interface DossierBatchState {
  job_id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  progress: { done: number; total: number } | null;
  dossier: DossierView | null;
  /** The learners the batch left out, and why (in French). */
  skipped: { student_id: number; reason: string }[];
}

/** The dossiers de preuves (docs/adr/0036): one learner's, generated at once; a course's batch, on the job queue. */
export const dossierApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /evidence/students/{student}/courses/{course}/dossier/ (an admin, the course's trainer). */
    generateDossier: build.mutation<DossierView, { student: number; course: number }>({
      query: ({ student, course }) => ({ url: `evidence/students/${student}/courses/${course}/dossier/`, method: 'POST' }),
    }),
    /** POST /audit/students/{student}/courses/{course}/dossier/ (an auditor of the course's scope; the access recorded, docs/adr/0039). */
    generateAuditDossier: build.mutation<DossierView, { student: number; course: number }>({
      query: ({ student, course }) => ({ url: `audit/students/${student}/courses/${course}/dossier/`, method: 'POST' }),
    }),
    /** POST /evidence/courses/{course}/dossiers/ (admins): every learner, or those enrolled or active in a period. */
    requestDossierBatch: build.mutation<{ job_id: string; learners: number }, { course: number; body: DossierBatchRequest }>({
      query: ({ course, body }) => ({ url: `evidence/courses/${course}/dossiers/`, method: 'POST', body }),
    }),
    /** GET /evidence/dossier-batches/{job}/: the job's state, its progress, the dossier once saved. */
    getDossierBatch: build.query<DossierBatchState, string>({
      query: (job) => `evidence/dossier-batches/${job}/`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGenerateDossierMutation, useGenerateAuditDossierMutation, useRequestDossierBatchMutation, useGetDossierBatchQuery } = dossierApi;
