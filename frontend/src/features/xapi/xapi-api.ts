import { api } from '../../lib/api';
import type { IssuedXapiCredential, XapiCredential, XapiCredentialRequest } from './xapi-types';

export type * from './xapi-types';

const CREDENTIALS_TAG = { type: 'XapiCredential' as const, id: 'LIST' };

/** The admin's accesses of activity providers to the learning record store (/api/xapi-credentials). */
export const xapiApi = api.injectEndpoints({
  endpoints: (build) => ({
    getXapiCredentials: build.query<XapiCredential[], void>({
      query: () => 'xapi-credentials',
      providesTags: [CREDENTIALS_TAG],
    }),
    issueXapiCredential: build.mutation<IssuedXapiCredential, XapiCredentialRequest>({
      query: (body) => ({ url: 'xapi-credentials', method: 'POST', body }),
      invalidatesTags: [CREDENTIALS_TAG],
    }),
    revokeXapiCredential: build.mutation<void, number>({
      query: (id) => ({ url: `xapi-credentials/${id}`, method: 'DELETE' }),
      invalidatesTags: [CREDENTIALS_TAG],
    }),
  }),
});

export const { useGetXapiCredentialsQuery, useIssueXapiCredentialMutation, useRevokeXapiCredentialMutation } = xapiApi;
