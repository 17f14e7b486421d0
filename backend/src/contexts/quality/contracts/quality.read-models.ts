/**
 * The read models quality publishes for the contexts after it (docs/context-map.md): views of the
 * schema `quality`, read in plain SQL by name. No text and no filer's identity: what a complaint's
 * handling shows (Qualiopi indicator 31, read by the indicators, docs/adr/0056).
 */
import type { ComplaintCategory, ComplaintStatus, FilerKind } from './quality.events.js';

/** One row per complaint. Key `complaint_id`. */
export const COMPLAINT_SUMMARY = 'quality.complaint_summary';

export interface ComplaintSummaryRow {
  complaint_id: number;
  category: ComplaintCategory;
  /** The published course it is about, or null. */
  course_id: number | null;
  filer_kind: FilerKind;
  status: ComplaintStatus;
  received_at: Date;
  /** The first answer, by the server's clock; null while unanswered. */
  first_answered_at: Date | null;
  /** Seconds from reception to the first answer. */
  handling_seconds: number | null;
  treated_at: Date | null;
  closed_at: Date | null;
}
