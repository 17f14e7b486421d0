/** The answers of the engagement calls, generated from the server's OpenAPI document (docs/adr/0008). */
export type { AlertFiltersView, AlertView, EngagementSettingsView, RemindedView, SentReminderView } from '../../lib/api-schema';
export type { Paged } from '../../lib/paged';
