import { createHash } from 'node:crypto';

/**
 * The SHA-256 of a question's content (type, text, options by number, right ones, explanation):
 * what the evidence proves was asked (ADR 0045). The bank's events and the attempts' papers carry it.
 */
export function questionHash(q: { kind: string; questions: string; answers: readonly string[]; rights: readonly number[]; explanation: string }): string {
  const canonical = JSON.stringify([q.kind, q.questions, [...q.answers], [...q.rights], q.explanation]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
