/** What only the demo data and tests use (docs/context-map.md): the reminders' service, run by hand with a moved clock. */
export { EngagementReminders, DAILY_REMINDERS_JOB } from './application/engagement-reminders.js';
