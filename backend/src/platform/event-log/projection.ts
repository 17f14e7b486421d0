import type { RecordedEvent } from './recorded-event.js';

export type ProjectionRow = Record<string, unknown>;

/**
 * A read model built from the log: the event types it handles and a pure function from
 * (row, event) to row. The runner feeds it in commit order from its checkpoint and saves rows
 * and checkpoint in one transaction; `npm run projections:rebuild <name>` replays it from scratch.
 */
export interface Projection<Row extends ProjectionRow = ProjectionRow, E extends RecordedEvent<string, object> = RecordedEvent> {
  /** Checkpoint name and rebuild argument: 'identity.account-lifecycle'. */
  readonly name: string;
  /** Schema-qualified table holding the rows, created by a migration: 'identity.account_lifecycle'. */
  readonly table: string;
  readonly primaryKey: readonly (keyof Row & string)[];
  readonly handles: readonly E['type'][] | 'all';
  /** The primary key of the row the event changes, or null to ignore the event. */
  key(event: E): Partial<Row> | null;
  /**
   * The row after the event; null deletes it. Pure: no clock, no database, no randomness (a rebuild
   * must give the same rows). Return every column of the table: a missing one is stored as null.
   */
  evolve(row: Row | null, event: E): Row | null;
}

/**
 * A reaction to events (often another context's) that dispatches a command of its own context.
 * It rides on the same runner and checkpoints, but runs at least once per event, never in the
 * command's transaction: the command must be idempotent (docs/event-log.md, "Policies").
 */
export interface Policy<E extends RecordedEvent<string, object> = RecordedEvent> {
  readonly name: string;
  readonly handles: readonly E['type'][];
  handle(event: E): Promise<void>;
}

export type Subscription = { kind: 'projection'; name: string; projection: Projection } | { kind: 'policy'; name: string; policy: Policy };

export function handledTypes(subscription: Subscription): readonly string[] | null {
  if (subscription.kind === 'policy') return subscription.policy.handles;
  return subscription.projection.handles === 'all' ? null : subscription.projection.handles;
}
