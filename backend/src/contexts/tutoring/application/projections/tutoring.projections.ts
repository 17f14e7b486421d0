import type { Projection, RecordedEvent } from '../../../../platform/event-log/index.js';
import type { MessageSent } from '../../contracts/tutoring.events.js';

type Fact<E extends { type: string; payload: object }> = RecordedEvent<E['type'], E['payload']>;

export interface ReplyDelayRow extends Record<string, unknown> {
  conversation_id: number;
  teacher_id: number;
  /** When the oldest student message still without a reply was sent; null when none is waiting. */
  awaiting_since: string | Date | null;
  /** Seconds from a student's first unanswered message to the trainer's reply, one per reply. */
  delays: number[];
}

/**
 * The trainer's response times, per conversation: a student's message starts the wait (later
 * ones do not restart it); the trainer's next message ends it. A group message is not a reply.
 */
export const replyDelayProjection: Projection<ReplyDelayRow, Fact<MessageSent>> = {
  name: 'tutoring.reply-delay',
  table: 'tutoring.reply_delay',
  primaryKey: ['conversation_id'],
  handles: ['MessageSent'],
  key: (event) => ({ conversation_id: event.payload.conversationId }),
  evolve: (row, event) => {
    const current = row ?? { conversation_id: event.payload.conversationId, teacher_id: event.payload.teacherId, awaiting_since: null, delays: [] };
    if (event.payload.from === 'student') return current.awaiting_since ? current : { ...current, awaiting_since: event.occurredAt };
    if (event.payload.groupId !== null || !current.awaiting_since) return row ? current : null;
    // A row read back from the table holds a Date; one evolved in this batch, the event's ISO text.
    const seconds = Math.max(0, Math.round((Date.parse(event.occurredAt) - new Date(current.awaiting_since).getTime()) / 1000));
    return { ...current, awaiting_since: null, delays: [...current.delays, seconds] };
  },
};
