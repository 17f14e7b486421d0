/**
 * The read models engagement publishes for the contexts after it (docs/context-map.md): views of
 * the schema `engagement`, read in plain SQL by name (the indicators' indicator 12, docs/adr/0056).
 */

/** One row per reminder decided (by the daily job or « Relancer maintenant »). Key `reminder_id`. */
export const REMINDER_SUMMARY = 'engagement.reminder_summary';

export interface ReminderSummaryRow {
  reminder_id: number;
  student_id: number;
  course_id: number;
  kind: 'not_started' | 'inactive' | 'behind';
  /** The n-th reminder of this alert. */
  nth: number;
  /** Sent by hand (« Relancer maintenant »). */
  manual: boolean;
  /** When the server decided it (its clock). */
  decided_at: Date;
  /** When its e-mail was handed to SMTP; null until then. */
  mailed_at: Date | null;
}
