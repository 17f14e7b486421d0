import { api } from '../../../lib/api';
import type { ActivationLinkResponse, ImportPreviewResponse, ImportStartedResponse, StudentImportResponse } from '../../../lib/api-schema';

export type ImportPreview = ImportPreviewResponse;
export type ImportRow = ImportPreview['rows'][number];
export type StudentImport = StudentImportResponse;
export type ActivationLink = ActivationLinkResponse;

const fileForm = (file: File, requestKey?: string) => {
  const body = new FormData();
  body.append('import_file', file, file.name);
  if (requestKey) body.append('request_key', requestKey);
  return body;
};

/** The bulk import of learners (/api/admin/student-imports/…, docs/adr/0052): the admins'. */
export const importsApi = api.enhanceEndpoints({ addTagTypes: ['StudentImport'] }).injectEndpoints({
  endpoints: (build) => ({
    previewImport: build.mutation<ImportPreview, File>({
      query: (file) => ({ url: 'admin/student-imports/preview', method: 'POST', body: fileForm(file) }),
    }),
    startImport: build.mutation<ImportStartedResponse, { file: File; requestKey: string }>({
      query: ({ file, requestKey }) => ({ url: 'admin/student-imports', method: 'POST', body: fileForm(file, requestKey) }),
    }),
    getImport: build.query<StudentImport, string>({
      query: (id) => `admin/student-imports/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'StudentImport', id }],
    }),
    /** The links of the learners without e-mail: answered once, then no longer kept. */
    takeImportLinks: build.mutation<ActivationLink[], string>({
      query: (id) => ({ url: `admin/student-imports/${id}/links`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'StudentImport', id }],
    }),
  }),
});

export const { usePreviewImportMutation, useStartImportMutation, useGetImportQuery, useTakeImportLinksMutation } = importsApi;
