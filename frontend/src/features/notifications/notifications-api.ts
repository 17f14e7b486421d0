import { api } from '../../lib/api';
import type { NotificationCount, NotificationList } from './notifications-types';

export type * from './notifications-types';

/** How often the bell asks for its count: at most once a minute, and not while the tab is hidden (issue 30). */
export const POLL_MS = 60_000;

/** The bell (/api/notifications, docs/adr/0046). */
export const notificationsApi = api.enhanceEndpoints({ addTagTypes: ['NotificationCount'] }).injectEndpoints({
  endpoints: (build) => ({
    getNotificationCount: build.query<NotificationCount, void>({
      query: () => 'notifications/count',
      providesTags: ['NotificationCount'],
    }),
    getNotifications: build.query<NotificationList, void>({
      query: () => 'notifications',
      keepUnusedDataFor: 0,
    }),
    markNotificationsSeen: build.mutation<NotificationCount, number>({
      query: (upTo) => ({ url: 'notifications/seen', method: 'PUT', body: { up_to: upTo } }),
      // The answer is the new count: put it in the cache instead of asking again.
      async onQueryStarted(_upTo, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(notificationsApi.util.upsertQueryData('getNotificationCount', undefined, data));
      },
    }),
  }),
});

export const { useGetNotificationCountQuery, useGetNotificationsQuery, useMarkNotificationsSeenMutation } = notificationsApi;
