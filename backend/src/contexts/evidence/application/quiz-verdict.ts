import type { TranscriptQuizAttemptView } from './transcript.views.js';

type Verdict = Pick<TranscriptQuizAttemptView, 'completed_at' | 'passed' | 'pass_mark' | 'closed_by'>;

/**
 * The verdict of one quiz attempt in the transcript's words (ADR 0043, « the transcript's reading »):
 * the pass mark in force when the server closed it, « sans seuil » for a quiz without one (and the
 * attempts closed before pass marks existed). The PDF and the XLSX print it; the screen says the same.
 */
export function quizVerdict(a: Verdict): string {
  if (!a.completed_at) return 'En cours';
  const late = a.closed_by === 'time-limit' ? ', temps écoulé' : '';
  if (a.pass_mark === null) return `Terminée, sans seuil${late}`;
  return `${a.passed ? 'Réussie' : 'Non réussie'} (seuil ${a.pass_mark} %)${late}`;
}
