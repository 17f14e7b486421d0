import type { EntityClass, FilterQuery, FindOneOptions } from '@mikro-orm/core';
import { MikroORM, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ConflictError, type Actor, type AggregateRoot, type DomainError } from '../../shared-kernel/index.js';
import { EventLog, StreamVersionConflictError } from '../event-log/index.js';
import { MediaStorage } from '../storage/media-storage.js';
import { StagedUploads } from '../storage/staged-uploads.js';

export interface TransactionOptions {
  /** The person acting, when the request's own (the event context) is not the one to record. */
  actor?: Actor;
  /**
   * Names a unique-index violation as a domain error (the index name is in the message); others
   * become a generic 409, since two requests raced for the same row.
   */
  uniqueViolation?: (constraint: string) => DomainError | undefined;
  /**
   * Runs the work again (at most this many times) when another transaction appended to one of its
   * streams first: for aggregates many people write at once (a conversation), whose work only
   * depends on the state it loads. Without it, such a race answers 409.
   */
  retryOnConflict?: number;
}

/**
 * What a command's work sees: the transaction's entity manager to read with, aggregates it loads or
 * adds (tracked, so the store saves them and appends their events), and the staged uploads.
 */
export class UnitOfWork {
  readonly tracked = new Set<AggregateRoot>();
  private readonly added = new Set<AggregateRoot>();

  constructor(
    readonly em: EntityManager,
    readonly uploads: StagedUploads,
  ) {}

  /** Loads an aggregate (locked `for update` when asked) or throws the given domain error. */
  async load<A extends AggregateRoot, P extends string = never>(
    entity: EntityClass<A>,
    where: FilterQuery<A>,
    notFound: () => DomainError,
    options?: FindOneOptions<A, P>,
  ): Promise<A> {
    const aggregate = await this.find(entity, where, options);
    if (!aggregate) throw notFound();
    return aggregate;
  }

  /** Loads an aggregate if it exists; null otherwise (a "get or start" use case decides). */
  async find<A extends AggregateRoot, P extends string = never>(entity: EntityClass<A>, where: FilterQuery<A>, options?: FindOneOptions<A, P>): Promise<A | null> {
    // MikroORM types `where` against the entity's named indexes; the generic filter is what callers give.
    const aggregate = (await this.em.findOne(entity, where as never, options)) as A | null;
    return aggregate ? this.track(aggregate) : null;
  }

  /** Loads every aggregate that matches, all tracked (a work that changes several at once). */
  async findMany<A extends AggregateRoot>(entity: EntityClass<A>, where: FilterQuery<A>): Promise<A[]> {
    const found = (await this.em.find(entity, where as never)) as A[];
    return found.map((aggregate) => this.track(aggregate));
  }

  /** A new aggregate, inserted when the work is saved if one of its methods recorded an event. */
  add<A extends AggregateRoot>(aggregate: A): A {
    this.added.add(aggregate);
    return this.track(aggregate);
  }

  /** Persists the new aggregates that recorded something (a "get or start" that changed nothing inserts nothing). */
  persistAdded(): void {
    for (const aggregate of this.added) if (aggregate.hasPendingEvents) this.em.persist(aggregate);
  }

  private track<A extends AggregateRoot>(aggregate: A): A {
    this.tracked.add(aggregate);
    return aggregate;
  }
}

/**
 * The one write path (docs/adr/0006-one-write-path.md): a command's handler runs its work in one
 * transaction (load, one domain method that checks its rule and records events); the store then
 * flushes the state and appends every tracked aggregate's events to its stream, expecting the
 * version the aggregate was loaded at. State and events commit together or not at all, and files
 * staged by the work are removed if they do not.
 */
@Injectable()
export class AggregateStore {
  constructor(
    private readonly orm: MikroORM,
    private readonly log: EventLog,
    private readonly storage: MediaStorage,
  ) {}

  /**
   * Runs the work and saves what it changed. A work that creates an aggregate returns a function
   * of it (`() => course.id`): the store calls it after the save, once the rows have their ids.
   */
  async transaction<T>(work: (uow: UnitOfWork) => Promise<T | (() => T)>, options: TransactionOptions = {}): Promise<T> {
    for (let retries = options.retryOnConflict ?? 0; ; retries--) {
      try {
        return await this.attempt(work, options);
      } catch (error) {
        if (!(error instanceof StreamVersionConflictError) || retries <= 0) throw error;
      }
    }
  }

  private async attempt<T>(work: (uow: UnitOfWork) => Promise<T | (() => T)>, options: TransactionOptions): Promise<T> {
    const uploads = new StagedUploads(this.storage);
    try {
      const result = await this.orm.em.fork().transactional(async (em) => {
        const uow = new UnitOfWork(em, uploads);
        const value = await work(uow);
        await this.save(uow, options);
        return typeof value === 'function' ? (value as () => T)() : value;
      });
      await uploads.committed();
      return result;
    } catch (error) {
      await uploads.rolledBack();
      throw translate(error, options);
    }
  }

  private async save(uow: UnitOfWork, options: TransactionOptions): Promise<void> {
    uow.persistAdded();
    await uow.em.flush();
    const metadata = options.actor ? { actor: { accountId: options.actor.accountId, role: options.actor.role } } : undefined;
    for (const aggregate of uow.tracked) {
      const events = aggregate.takeEvents();
      if (events.length === 0) continue;
      const stream = aggregate.stream();
      await this.log.append(uow.em, {
        streamType: stream.type,
        streamId: stream.id,
        expectedVersion: aggregate.version - events.length,
        events,
        metadata,
      });
    }
  }
}

function translate(error: unknown, options: TransactionOptions): unknown {
  if (!(error instanceof UniqueConstraintViolationException)) return error;
  const named = options.uniqueViolation?.(error.message);
  return named ?? new ConflictError('Une autre demande a modifié ces données au même moment. Réessayez.');
}
