import type { RecordedEvent } from '../event-log/index.js';

let position = 0;

/** An event as the log would hand it to a projection (next position, fixed times unless given). */
export function recorded<P>(type: string, payload: P, occurredAt = '2026-11-21T10:00:00.000Z'): RecordedEvent<never, never> {
  position += 1;
  return {
    position, transactionId: '1', eventId: `e${position}`, streamType: 's', streamId: '1', streamVersion: position, type, schemaVersion: 1,
    payload, metadata: { actorId: null, actorRole: null, correlationId: null, causationId: null },
    occurredAt, recordedAt: occurredAt, prevHash: null, hash: 'h',
  } as unknown as RecordedEvent<never, never>;
}

type AnyProjection<Row> = { key: (e: unknown) => unknown; evolve: (row: Row | null, e: unknown) => Row | null };

/** Folds the events through the projection's key and evolve, as the runner does: the rows, in first-seen order. */
export function replay<Row>(projection: AnyProjection<Row>, events: RecordedEvent<never, never>[]): (Row | null)[] {
  const rows = new Map<string, Row | null>();
  for (const event of events) {
    const key = JSON.stringify(projection.key(event));
    rows.set(key, projection.evolve(rows.get(key) ?? null, event));
  }
  return [...rows.values()];
}
