import type { Role } from '../../../shared-kernel/index.js';

/**
 * Within this many seconds of a counted download, the same learner fetching the same document
 * again (a range resuming it, a viewer asking it twice) is the same download (docs/adr/0056).
 */
export const DOCUMENT_DOWNLOAD_WINDOW_SECONDS = 600;

/**
 * Whether a fetch of a course document can be a learner's use of it (indicator 19): a student's
 * GET. A HEAD sends no file, and a trainer's or admin's preview is not a learner's use. Whether
 * bytes then leave is the gate's `startsADownload`; the window is the caller's, on the learner's
 * last counted download of that document.
 */
export function isLearnerFetch(role: Role, method: string): boolean {
  return role === 'student' && method === 'GET';
}
