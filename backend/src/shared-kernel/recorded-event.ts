// The shape of a logged event, shared by the event log (platform) and by the contracts in which
// contexts publish their events: a contract names its events without depending on the platform.

/** Who and what caused an event; stored with it and covered by its hash. */
export interface EventMetadata {
  /** Account id of the person who acted, null for the system (demo data, scripts). */
  actorId: number | null;
  actorRole: string | null;
  /** Shared by everything one request (or one chain of policies) caused. */
  correlationId: string | null;
  /** The event that caused this one, when a policy reacted to it. */
  causationId: string | null;
}

/** An event as the log holds it. Dates are ISO 8601 strings (UTC, milliseconds) so that evolve stays pure. */
export interface RecordedEvent<T extends string = string, P = Record<string, unknown>> {
  position: number;
  transactionId: string;
  eventId: string;
  streamType: string;
  streamId: string;
  streamVersion: number;
  type: T;
  schemaVersion: number;
  payload: P;
  metadata: EventMetadata;
  occurredAt: string;
  recordedAt: string;
  prevHash: string | null;
  hash: string;
}

/** The part of a logged event a domain method records: its type and payload, one per member of a union. */
export type RecordedPart<E extends RecordedEvent<string, object>> = E extends RecordedEvent<string, object> ? { type: E['type']; payload: E['payload'] } : never;
