import { api } from '../../lib/api';
import type { CentreIdentity, CentreIdentityChange, CentreImageKind } from './centre-types';

export type * from './centre-types';

/** The centre's identity (/api/admin/centre/): each answer is the whole identity, put in the cache as is. */
export const centreApi = api.enhanceEndpoints({ addTagTypes: ['CentreIdentity'] }).injectEndpoints({
  endpoints: (build) => ({
    getCentreIdentity: build.query<CentreIdentity, void>({
      query: () => 'admin/centre/',
      providesTags: ['CentreIdentity'],
    }),
    updateCentreIdentity: build.mutation<CentreIdentity, CentreIdentityChange>({
      query: (body) => ({ url: 'admin/centre/', method: 'PUT', body }),
      invalidatesTags: ['CentreIdentity'],
    }),
    setCentreImage: build.mutation<CentreIdentity, { kind: CentreImageKind; file: File }>({
      query: ({ kind, file }) => {
        const body = new FormData();
        body.append('image', file, file.name);
        return { url: `admin/centre/images/${kind}/`, method: 'PUT', body };
      },
      invalidatesTags: ['CentreIdentity'],
    }),
    removeCentreImage: build.mutation<CentreIdentity, CentreImageKind>({
      query: (kind) => ({ url: `admin/centre/images/${kind}/`, method: 'DELETE' }),
      invalidatesTags: ['CentreIdentity'],
    }),
  }),
});

export const { useGetCentreIdentityQuery, useUpdateCentreIdentityMutation, useSetCentreImageMutation, useRemoveCentreImageMutation } = centreApi;
