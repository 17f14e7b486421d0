/**
 * The notifications context's events (docs/adr/0046): one stream per account, `notifications.inbox/<account id>`.
 * `NotificationsSeen`: the bell was opened and showed everything up to `upTo` (a position of the log,
 * the newest notification shown); recorded only when it moves forward (monotonic, idempotent).
 */
export const INBOX_STREAM = 'notifications.inbox';

export interface NotificationsSeen {
  type: 'NotificationsSeen';
  payload: { accountId: number; upTo: number };
}

export type NotificationsEvent = NotificationsSeen;

/**
 * What a notification is about. Adding one is one mapping in the projection
 * (`application/projections/notifications.projection.ts`) and one sentence in the front end
 * (`frontend/src/features/notifications/messages.ts`).
 */
export const NOTIFICATION_KINDS = [
  'message',
  'homework_given',
  'homework_completed',
  'support_opened',
  'support_answered',
  'trainer_registered',
  'quiz_completed',
  'homework_submitted',
  'homework_graded',
  'quiz_attempt_granted',
  'quiz_validated',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
