import type { Projection } from '../projection.js';

export interface DailyActivityRow extends Record<string, unknown> {
  day: string;
  stream_type: string;
  event_type: string;
  events: number;
  first_position: number;
  last_position: number;
}

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** How many events of each type each day (of the centre, Europe/Paris): the analysts' activity curve. */
export const dailyActivityProjection: Projection<DailyActivityRow> = {
  name: 'eventlog.daily-activity',
  table: 'eventlog.daily_activity',
  primaryKey: ['day', 'stream_type', 'event_type'],
  handles: 'all',
  key: (event) => ({ day: parisDay.format(new Date(event.occurredAt)), stream_type: event.streamType, event_type: event.type }),
  evolve: (row, event) => ({
    day: parisDay.format(new Date(event.occurredAt)),
    stream_type: event.streamType,
    event_type: event.type,
    events: (row?.events ?? 0) + 1,
    first_position: Math.min(row?.first_position ?? event.position, event.position),
    last_position: Math.max(row?.last_position ?? event.position, event.position),
  }),
};
