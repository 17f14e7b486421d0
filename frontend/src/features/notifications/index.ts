/** In-app notifications (issue 30 item 1, docs/adr/0046): the header's bell, mounted by the areas through the layout's slot. */
export { NotificationBell } from './components/notification-bell';
export type { BellRole } from './notifications-types';
