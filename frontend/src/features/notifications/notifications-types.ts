/** The bell's answers, generated from the server's OpenAPI document (docs/adr/0008, docs/adr/0046). */
export type { NotificationCount, NotificationItem, NotificationList } from '../../lib/api-schema';

/** The roles with a bell (an auditor has none). */
export type BellRole = 'student' | 'teacher' | 'admin';
