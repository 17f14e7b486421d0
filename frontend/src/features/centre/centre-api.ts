import { api } from '../../lib/api';
import { setCentreFace, type CentreFace } from '../../lib/centre-face';
import type { AccessibilityStatement, AccessibilityStatementChange, CentreIdentity, CentreIdentityChange, CentreImageKind } from './centre-types';

/** After an admin changed the name, the logo or the statement: the header and footer follow without a reload. */
export async function refreshCentreFace(): Promise<void> {
  try {
    const response = await fetch(new URL('/api/centre/face/', window.location.origin), { headers: { accept: 'application/json' } });
    if (response.ok) setCentreFace((await response.json()) as CentreFace);
  } catch {
    // The page keeps the face it has.
  }
}

/** After a change the header, titles and footer of this page follow (docs/adr/0049). */
const refreshFace = async (_: unknown, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) => {
  try {
    await queryFulfilled;
    await refreshCentreFace();
  } catch {
    // refused: nothing changed
  }
};

export type * from './centre-types';

/** The centre's identity (/api/admin/centre/): each answer is the whole identity, put in the cache as is. */
export const centreApi = api.enhanceEndpoints({ addTagTypes: ['CentreIdentity', 'AccessibilityStatement'] }).injectEndpoints({
  endpoints: (build) => ({
    getCentreIdentity: build.query<CentreIdentity, void>({
      query: () => 'admin/centre/',
      providesTags: ['CentreIdentity'],
    }),
    updateCentreIdentity: build.mutation<CentreIdentity, CentreIdentityChange>({
      query: (body) => ({ url: 'admin/centre/', method: 'PUT', body }),
      invalidatesTags: ['CentreIdentity'],
      onQueryStarted: refreshFace,
    }),
    setCentreImage: build.mutation<CentreIdentity, { kind: CentreImageKind; file: File }>({
      query: ({ kind, file }) => {
        const body = new FormData();
        body.append('image', file, file.name);
        return { url: `admin/centre/images/${kind}/`, method: 'PUT', body };
      },
      invalidatesTags: ['CentreIdentity'],
      onQueryStarted: refreshFace,
    }),
    removeCentreImage: build.mutation<CentreIdentity, CentreImageKind>({
      query: (kind) => ({ url: `admin/centre/images/${kind}/`, method: 'DELETE' }),
      invalidatesTags: ['CentreIdentity'],
      onQueryStarted: refreshFace,
    }),
    /** The public statement (/accessibilite): anyone reads it. */
    getAccessibilityStatement: build.query<AccessibilityStatement, void>({
      query: () => 'centre/accessibility/',
      providesTags: ['AccessibilityStatement'],
    }),
    getAdminAccessibilityStatement: build.query<AccessibilityStatement, void>({
      query: () => 'admin/centre/accessibility/',
      providesTags: ['AccessibilityStatement'],
    }),
    updateAccessibilityStatement: build.mutation<AccessibilityStatement, AccessibilityStatementChange>({
      query: (body) => ({ url: 'admin/centre/accessibility/', method: 'PUT', body }),
      invalidatesTags: ['AccessibilityStatement'],
      onQueryStarted: refreshFace,
    }),
  }),
});

export const {
  useGetCentreIdentityQuery, useUpdateCentreIdentityMutation, useSetCentreImageMutation, useRemoveCentreImageMutation,
  useGetAccessibilityStatementQuery, useGetAdminAccessibilityStatementQuery, useUpdateAccessibilityStatementMutation,
} = centreApi;
