import { api } from '../../lib/api';
import type { AlertFiltersView, AlertView, EngagementSettingsView, Paged, RemindedView, SentReminderView } from './engagement-types';

export type * from './engagement-types';

const paramsOf = (filters: object): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)]));

export interface AlertFilters {
  course?: number;
  session?: number;
  kind?: AlertView['kind'];
  page: number;
}

/** Engagement alerts and reminders (/api/engagement, /api/admin/engagement/settings; docs/adr/0053). */
export const engagementApi = api.enhanceEndpoints({ addTagTypes: ['EngagementAlert', 'EngagementSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getAlertFilters: build.query<AlertFiltersView, void>({ query: () => 'engagement/filters' }),
    getAlerts: build.query<Paged<AlertView>, AlertFilters>({
      query: (filters) => ({ url: 'engagement/alerts', params: paramsOf({ ...filters, page_size: 20 }) }),
      providesTags: ['EngagementAlert'],
    }),
    getSentReminders: build.query<Paged<SentReminderView>, Omit<AlertFilters, 'session'>>({
      query: (filters) => ({ url: 'engagement/reminders', params: paramsOf({ ...filters, page_size: 20 }) }),
      providesTags: ['EngagementAlert'],
    }),
    remindLearner: build.mutation<RemindedView, { student_id: number; course_id: number; request_key: string }>({
      query: (body) => ({ url: 'engagement/alerts/remind', method: 'POST', body }),
      invalidatesTags: ['EngagementAlert'],
    }),
    getEngagementSettings: build.query<EngagementSettingsView, void>({ query: () => 'admin/engagement/settings', providesTags: ['EngagementSettings'] }),
    changeEngagementSettings: build.mutation<EngagementSettingsView, Partial<EngagementSettingsView>>({
      query: (body) => ({ url: 'admin/engagement/settings', method: 'PUT', body }),
      invalidatesTags: ['EngagementSettings', 'EngagementAlert'],
    }),
  }),
});

export const {
  useGetAlertFiltersQuery,
  useGetAlertsQuery,
  useGetSentRemindersQuery,
  useRemindLearnerMutation,
  useGetEngagementSettingsQuery,
  useChangeEngagementSettingsMutation,
} = engagementApi;
