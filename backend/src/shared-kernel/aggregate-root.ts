/** A past-tense fact a domain method records: its type and a small payload of ids and values. */
export interface DomainEvent<T extends string = string, P extends object = object> {
  type: T;
  payload: P;
}

/** The stream an aggregate's events go to: `<context>.<aggregate>` and the aggregate's id. */
export interface StreamRef {
  type: string;
  id: string | number;
}

/**
 * A state-stored aggregate that records the events its methods cause (an event log beside the
 * state, not event sourcing). `version` is persisted and counts the events of its stream, so the
 * aggregate store can append them with the version it was loaded at (optimistic concurrency).
 *
 * An event naming a row the same transaction creates (a new course's id) is recorded as a function:
 * the store reads it after the flush that gives the row its id.
 */
export abstract class AggregateRoot<E extends DomainEvent = DomainEvent> {
  abstract version: number;
  abstract stream(): StreamRef;

  // Not mapped by the ORM; an entity hydrated from a row has none until it records one.
  private pendingEvents?: (E | (() => E))[];

  protected record(event: E | (() => E)): void {
    (this.pendingEvents ??= []).push(event);
    this.version += 1;
  }

  /** Whether a method recorded something not yet taken (a new aggregate with none is not saved). */
  get hasPendingEvents(): boolean {
    return (this.pendingEvents?.length ?? 0) > 0;
  }

  /** The events recorded since the last call, in order (the aggregate store takes them once). */
  takeEvents(): E[] {
    const events = (this.pendingEvents ?? []).map((event) => (typeof event === 'function' ? event() : event));
    this.pendingEvents = [];
    return events;
  }
}
