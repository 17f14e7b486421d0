import { api } from '../../lib/api';
import type { CohortFigures, CourseIndicators, IndicatorLearner, IndicatorsView, PublicResultsView, SatisfactionFigures } from '../../lib/api-schema';
import type { Figure } from './messages';

export type { CohortFigures, CourseIndicators, IndicatorLearner, IndicatorsView, PublicResultsView, SatisfactionFigures };

/** The dashboard's scope: a period of entry (Paris days), a course, a session. */
export interface IndicatorFilters {
  from?: string;
  to?: string;
  course?: number;
  session?: number;
}

export interface LearnersPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: IndicatorLearner[];
}

/** Only the filters that are set, as query parameters. */
export const paramsOf = (filters: object): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)]));

/** The Qualiopi indicators (/api/admin/indicators/…, /api/public-results/; docs/adr/0056). */
export const indicatorsApi = api.enhanceEndpoints({ addTagTypes: ['Indicators'] }).injectEndpoints({
  endpoints: (build) => ({
    getIndicators: build.query<IndicatorsView, IndicatorFilters>({
      query: (filters) => ({ url: 'admin/indicators/', params: paramsOf(filters) }),
      providesTags: ['Indicators'],
    }),
    getIndicatorLearners: build.query<LearnersPage, IndicatorFilters & { figure: Figure; page: number }>({
      query: (args) => ({ url: 'admin/indicators/learners/', params: paramsOf(args) }),
      providesTags: ['Indicators'],
    }),
    getIndicatorCourses: build.query<{ id: number; title: string }[], void>({ query: () => 'courses/all/' }),
    switchPublicResults: build.mutation<PublicResultsView, boolean>({
      query: (enabled) => ({ url: 'admin/indicators/public-results/', method: 'PUT', body: { enabled } }),
      invalidatesTags: ['Indicators'],
    }),
    getPublicResults: build.query<PublicResultsView, void>({ query: () => 'public-results/' }),
  }),
});

export const {
  useGetIndicatorsQuery, useGetIndicatorLearnersQuery, useGetIndicatorCoursesQuery, useSwitchPublicResultsMutation, useGetPublicResultsQuery,
} = indicatorsApi;
