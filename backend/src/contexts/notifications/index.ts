/** The notifications context's public face for the composition root: its module. */
export { NotificationsModule } from './notifications.module.js';
