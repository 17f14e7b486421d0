import type { RecordedEvent } from '../recorded-event.js';
import { dailyActivityProjection as projection } from './daily-activity.projection.js';

const event = (position: number, occurredAt: string, type = 'StudentRegistered') =>
  ({ position, occurredAt, type, streamType: 'identity.account', payload: {} }) as unknown as RecordedEvent;

describe('daily activity projection', () => {
  it('counts the events of a day of the centre, in Paris time', () => {
    // 23:30 UTC on 21 November is already 22 November in Paris.
    expect(projection.key(event(1, '2026-11-21T23:30:00.000Z'))).toEqual({ day: '2026-11-22', stream_type: 'identity.account', event_type: 'StudentRegistered' });
  });

  it('adds one per event and keeps the first and last positions', () => {
    const first = projection.evolve(null, event(5, '2026-11-21T10:00:00.000Z'));
    const second = projection.evolve(first, event(3, '2026-11-21T11:00:00.000Z'));
    expect(second).toEqual({ day: '2026-11-21', stream_type: 'identity.account', event_type: 'StudentRegistered', events: 2, first_position: 3, last_position: 5 });
  });
});
