import type { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import type { AggregateRoot, DomainError } from '../../../../shared-kernel/index.js';

type Row = AggregateRoot & { id: number };
type Where = Record<string, unknown>;
type Class = abstract new (...args: never[]) => unknown;

const matches = (row: Row, where: Where) =>
  Object.entries(where).every(([key, wanted]) => {
    const value = (row as unknown as Where)[key];
    if (wanted && typeof wanted === 'object' && '$in' in wanted) return (wanted.$in as unknown[]).includes(value);
    return value === wanted;
  });

/**
 * The part of the aggregate store tutoring's handlers use, over aggregates held in memory: what a
 * transaction adds gets the next id, and the events recorded are taken at commit, as the real store
 * does after its flush. No rollback: a test checks a refusal, not what a failed transaction left.
 */
export class InMemoryStore {
  readonly events: { type: string; payload: object }[] = [];
  private nextId = 1;

  constructor(readonly rows: Row[] = []) {}

  asStore(): AggregateStore {
    return this as unknown as AggregateStore;
  }

  async transaction<T>(work: (uow: unknown) => Promise<T | (() => T)>): Promise<T> {
    const added: Row[] = [];
    const find = (type: Class, where: Where) => this.rows.find((row) => row instanceof type && matches(row, where)) ?? null;
    const uow = {
      find: (type: Class, where: Where) => Promise.resolve(find(type, where)),
      findMany: (type: Class, where: Where) => Promise.resolve(this.rows.filter((row) => row instanceof type && matches(row, where))),
      load: (type: Class, where: Where, notFound: () => DomainError) => {
        const row = find(type, where);
        return row ? Promise.resolve(row) : Promise.reject(notFound());
      },
      add: <A extends AggregateRoot>(aggregate: A): A => {
        added.push(aggregate as unknown as Row);
        return aggregate;
      },
    };
    const result = await work(uow);
    for (const row of added) {
      row.id = this.nextId++;
      this.rows.push(row);
    }
    for (const row of this.rows) this.events.push(...row.takeEvents());
    return typeof result === 'function' ? (result as () => T)() : result;
  }
}
