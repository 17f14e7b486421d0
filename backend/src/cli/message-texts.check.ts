import { createHash } from 'node:crypto';

/** The SHA-256 (hex) of a message's text in UTF-8, as MessageSent records it (tutoring.events.ts). */
const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export interface CheckSql {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface MessageMismatch {
  kind: 'message';
  eventId: string | null;
  rows: string;
  message: string;
}

const PAGE = 1000;

/** The texts kept beside the log, each bound by the SHA-256 its event carries: the event, its id field, the table. */
const BOUND_TEXTS = [
  { event: 'MessageSent', idField: 'messageId', table: 'tutoring.message', missing: 'message absent', label: 'texte du message' },
  { event: 'SupportRequestOpened', idField: 'requestId', table: 'tutoring.support_request', missing: 'demande d’assistance absente', label: 'texte de la demande d’assistance' },
  { event: 'SupportRequestAnswered', idField: 'answerId', table: 'tutoring.support_answer', missing: 'réponse d’assistance absente', label: 'texte de la réponse d’assistance' },
  { event: 'AssignmentSubmitted', idField: 'submissionId', table: 'tutoring.homework_submission', missing: 'rendu de devoir absent', label: 'texte du rendu de devoir' },
] as const;

/**
 * Recomputes the SHA-256 (UTF-8) of every message text, technical-support request and answer, and
 * compares it with the hash its event carries (MessageSent, SupportRequestOpened, SupportRequestAnswered,
 * AssignmentSubmitted; ADR 0040, ADR 0037, ADR 0044): names each text that changed or disappeared since it was written. The tables'
 * own `sha256` columns are not trusted.
 */
export async function checkMessageTexts(sql: CheckSql): Promise<{ checked: number; mismatches: MessageMismatch[] }> {
  const mismatches: MessageMismatch[] = [];
  let checked = 0;
  for (const bound of BOUND_TEXTS) {
    let after = '0';
    for (;;) {
      const page = await sql.query<{ position: string; event_id: string; row_id: string; expected: string; body: string | null; found: boolean }>(
        `select e.position::text as position, e.event_id::text as event_id, e.payload->>'${bound.idField}' as row_id, e.payload->>'sha256' as expected,
                m.body, m.id is not null as found
           from eventlog.event e left join ${bound.table} m on m.id = (e.payload->>'${bound.idField}')::bigint
          where e.event_type = $3 and e.position > $1::bigint order by e.position limit $2`,
        [after, PAGE, bound.event],
      );
      for (const row of page) {
        checked += 1;
        const where = `${bound.table} id ${row.row_id}`;
        if (!row.found || row.body === null) {
          mismatches.push({ kind: 'message', eventId: row.event_id, rows: where, message: `${bound.missing} : l'événement ${bound.event} ${row.event_id} prouve son existence, la table ne l'a plus` });
        } else if (sha256(row.body) !== row.expected) {
          mismatches.push({ kind: 'message', eventId: row.event_id, rows: where, message: `${bound.label} modifié : son SHA-256 (${sha256(row.body)}) n'est plus celui de l'événement ${bound.event} ${row.event_id} (${row.expected})` });
        }
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1]!.position;
    }
  }
  return { checked, mismatches };
}
