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

/**
 * Recomputes the SHA-256 (UTF-8) of every message text and compares it with its MessageSent event
 * (ADR 0040): names each message whose text changed or disappeared since it was sent.
 */
export async function checkMessageTexts(sql: CheckSql): Promise<{ checked: number; mismatches: MessageMismatch[] }> {
  const mismatches: MessageMismatch[] = [];
  let checked = 0;
  let after = '0';
  for (;;) {
    const page = await sql.query<{ position: string; event_id: string; message_id: string; expected: string; body: string | null; found: boolean }>(
      `select e.position::text as position, e.event_id::text as event_id, e.payload->>'messageId' as message_id, e.payload->>'sha256' as expected,
              m.body, m.id is not null as found
         from eventlog.event e left join tutoring.message m on m.id = (e.payload->>'messageId')::bigint
        where e.event_type = 'MessageSent' and e.position > $1::bigint order by e.position limit $2`,
      [after, PAGE],
    );
    for (const row of page) {
      checked += 1;
      const where = `tutoring.message id ${row.message_id}`;
      if (!row.found || row.body === null) {
        mismatches.push({ kind: 'message', eventId: row.event_id, rows: where, message: `message absent : l'événement MessageSent ${row.event_id} prouve son existence, la table ne l'a plus` });
      } else if (sha256(row.body) !== row.expected) {
        mismatches.push({ kind: 'message', eventId: row.event_id, rows: where, message: `texte du message modifié : son SHA-256 (${sha256(row.body)}) n'est plus celui de l'événement MessageSent ${row.event_id} (${row.expected})` });
      }
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1].position;
  }
  return { checked, mismatches };
}
