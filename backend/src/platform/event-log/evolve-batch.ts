import type { Projection, ProjectionRow } from './projection.js';
import type { RecordedEvent } from './recorded-event.js';

export interface Failure {
  index: number;
  event: RecordedEvent;
  error: unknown;
}

/** The primary key of a row as a string, whatever types its values arrive in. */
export function keyOf(projection: Projection, row: ProjectionRow): string {
  return JSON.stringify(
    projection.primaryKey.map((column) => {
      const value = row[column];
      if (value === null || value === undefined) throw new Error(`Projection ${projection.name} : la clé « ${column} » est vide.`);
      return String(value);
    }),
  );
}

export interface KeyPlan {
  /** The key (as a row holding the primary key columns) of each event, null for an ignored one. */
  keys: (ProjectionRow | null)[];
  failure?: Failure;
}

/** Asks the projection which row each event changes; stops at the first event it chokes on. */
export function planKeys(projection: Projection, events: RecordedEvent[]): KeyPlan {
  const keys: (ProjectionRow | null)[] = [];
  for (const [index, event] of events.entries()) {
    try {
      const key = projection.key(event);
      if (key !== null) keyOf(projection, key);
      keys.push(key);
    } catch (error) {
      return { keys, failure: { index, event, error } };
    }
  }
  return { keys };
}

export interface Evolution {
  /** Final state of every row the batch touched: null means delete. */
  changes: Map<string, { key: ProjectionRow; row: ProjectionRow | null }>;
  /** Events handled (ignored ones included) before the failure, or all of them. */
  applied: number;
  failure?: Failure;
}

/**
 * Folds the events over the rows in memory, in order; nothing is written until the batch is done,
 * so a throwing evolve leaves exactly the state after the events before it.
 */
export function evolveBatch(projection: Projection, rows: Map<string, ProjectionRow>, events: RecordedEvent[], keys: (ProjectionRow | null)[]): Evolution {
  const changes = new Map<string, { key: ProjectionRow; row: ProjectionRow | null }>();
  for (const [index, event] of events.entries()) {
    const key = keys[index];
    if (key === null) continue;
    const id = keyOf(projection, key);
    const current = changes.has(id) ? changes.get(id)!.row : (rows.get(id) ?? null);
    try {
      const next = projection.evolve(current === null ? null : { ...current }, event);
      if (next !== null) keyOf(projection, next);
      if (next !== null && keyOf(projection, next) !== id) throw new Error(`Projection ${projection.name} : evolve a changé la clé de la ligne.`);
      changes.set(id, { key, row: next });
    } catch (error) {
      return { changes, applied: index, failure: { index, event, error } };
    }
  }
  return { changes, applied: events.length };
}
