import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityClass, FilterQuery, FindOneOptions } from '@mikro-orm/core';
import { DeadlockException, MikroORM, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ConcurrentWriteError, type Actor, type AggregateRoot, type DomainError } from '../../shared-kernel/index.js';
import { EventLog, StreamVersionConflictError, type AppendRequest } from '../event-log/index.js';
import { MAX_EVENTS_PER_APPEND } from '../event-log/event-log.js';
import { sqlExecutor } from '../event-log/sql-executor.js';
import { MediaStorage } from '../storage/media-storage.js';
import { SqlPendingFileBook, type PendingFileBook } from '../storage/pending-files.js';
import { Staged, StagedUploads } from '../storage/staged-uploads.js';

export interface TransactionOptions {
  /** The person acting, when the request's own (the event context) is not the one to record. */
  actor?: Actor;
  /**
   * Names a unique-index violation as a domain error (the index name is in the message): a
   * business refusal (« Vous avez déjà répondu à cette question. »), final, never run again.
   * Another one is a race for the same row (two first writes both starting an aggregate): the
   * work is run again, and then finds the row.
   */
  uniqueViolation?: (constraint: string) => DomainError | undefined;
  /**
   * How many times the work may run again after it lost a race (docs/adr/0022): another
   * transaction appended to one of its streams first, inserted the row it was inserting (a "get
   * or start"), or deadlocked with it. Each try is a fresh transaction (a fresh entity manager, a
   * fresh record of what it replaces; the files staged before it stay) after a short random pause,
   * so everything the work checks (an idempotency key, a duplicate) is checked again. Default 4 (5 tries); 0 for a work that must
   * not run twice. Once the tries are spent the race answers `ConcurrentWriteError` (409
   * `conflit_concurrent` with Retry-After), which a client may send again.
   */
  retryOnConflict?: number;
  /**
   * What the work writes that many write at once (a conversation, a student's progress in a
   * course), as keys: each try first takes a transaction lock on each (in a fixed order), so that
   * those writers queue instead of racing, and each then loads what the one before committed.
   */
  serialize?: readonly string[];
  /**
   * Files `stage` stored before this transaction (docs/adr/0060): the work keeps them
   * (`uow.uploads.keep(staged)`) and they stay if it commits; removed if it does not (or does not
   * keep them). A lost race runs the work again with the same staged files.
   */
  staged?: Staged<unknown>;
}

/** How many times a work that lost a race runs again unless told otherwise (5 tries in all). */
export const DEFAULT_RETRIES = 4;

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
    private readonly appendNew: (aggregates: AggregateRoot[]) => Promise<void> = () => Promise.reject(new Error('Cette unité de travail n’ajoute rien au journal avant sa fin.')),
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

  /**
   * New aggregates whose rows the work inserted itself, set-based (a bulk import's 10,000 learners,
   * docs/adr/0052: one INSERT … SELECT FROM unnest rather than 30,000 entities in the ORM's unit of
   * work): tracked so that their events are appended as any others (new streams: `appendMany`),
   * never flushed by the ORM. Their ids must be set before the save (the INSERT's `returning`).
   */
  insertedByWork<A extends AggregateRoot>(aggregates: A[]): A[] {
    for (const aggregate of aggregates) this.track(aggregate);
    return aggregates;
  }

  /**
   * Appends now, in one set-based append (`EventLog.appendMany`), the events of new aggregates whose
   * rows the work inserted itself, and does not track them: a work writing 10,000 of them chunk by
   * chunk (a bulk import, docs/adr/0052) holds one chunk at a time. Same transaction, same checks and
   * chaining as at the end of the work; only new streams (their expected version is 0).
   */
  async appendInserted(aggregates: AggregateRoot[]): Promise<void> {
    await this.appendNew(aggregates);
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
    const retries = options.retryOnConflict ?? DEFAULT_RETRIES;
    try {
      for (let attempt = 0; ; attempt++) {
        const uploads = new StagedUploads(this.storage, this.book(), { adopted: options.staged });
        try {
          return await this.attempt(work, options, uploads);
        } catch (error) {
          const outcome = translate(error, options);
          if (!(outcome instanceof LostRace)) throw outcome;
          if (attempt >= retries) throw new ConcurrentWriteError();
          await sleep(backoff(attempt));
        }
      }
    } catch (error) {
      await options.staged?.uploads.rolledBack();
      throw error;
    }
  }

  /**
   * Stores a command's received files before its transaction opens (docs/adr/0060), so that no row
   * stays locked and no transaction stays open, idle, while a large file uploads to the object
   * store. `work` first checks the actor's right with `read` (plain reads, no transaction, no lock:
   * an unauthorised caller makes the server upload nothing; the aggregate's check inside the
   * transaction stays the authority), then stores the files in `read.uploads`. If it throws, what
   * it stored is removed. Hand the result to `transaction(work, { staged })` at once.
   */
  async stage<S>(work: (read: UnitOfWork) => Promise<S>): Promise<Staged<S>> {
    const uploads = new StagedUploads(this.storage, this.book());
    try {
      return new Staged(await work(new UnitOfWork(this.orm.em.fork(), uploads)), uploads);
    } catch (error) {
      await uploads.rolledBack();
      throw error;
    }
  }

  /** The stored files' book (migration 126), its own statements outside any transaction. */
  private book(): PendingFileBook {
    return new SqlPendingFileBook(() => this.orm.em.fork());
  }

  private async attempt<T>(work: (uow: UnitOfWork) => Promise<T | (() => T)>, options: TransactionOptions, uploads: StagedUploads): Promise<T> {
    try {
      const result = await this.orm.em.fork().transactional(async (em) => {
        await serialize(em, options.serialize ?? []);
        const uow = new UnitOfWork(em, uploads, (aggregates) => this.appendNew(em, aggregates, options));
        const value = await work(uow);
        await this.save(uow, options);
        await uploads.settle(em);
        return typeof value === 'function' ? (value as () => T)() : value;
      });
      await uploads.committed();
      return result;
    } catch (error) {
      await uploads.rolledBack();
      throw error;
    }
  }

  private async save(uow: UnitOfWork, options: TransactionOptions): Promise<void> {
    uow.persistAdded();
    await uow.em.flush();
    const requests = appendRequests(uow.tracked, options);
    // Many new streams at once (a bulk import: 10,000 learners, docs/adr/0052) go in one set-based
    // append, chained exactly as one by one; streams with a head to read go one by one.
    const fresh = requests.filter((r) => r.expectedVersion === 0);
    const batched = fresh.length > 1 && new Set(fresh.map((r) => `${r.streamType}/${r.streamId}`)).size === fresh.length;
    if (batched) await this.log.appendMany(uow.em, fresh);
    for (const request of requests) if (!batched || request.expectedVersion !== 0) await this.appendInSlices(uow.em, request);
  }

  /**
   * One stream's events, in slices of what one append takes (`MAX_EVENTS_PER_APPEND`), in order, each
   * expecting the version the one before left: 10,000 learners of an import joining one session.
   */
  private async appendInSlices(em: EntityManager, request: AppendRequest): Promise<void> {
    for (let at = 0; at < request.events.length; at += MAX_EVENTS_PER_APPEND) {
      const expectedVersion = request.expectedVersion === 'any' ? 'any' : request.expectedVersion + at;
      await this.log.append(em, { ...request, expectedVersion, events: request.events.slice(at, at + MAX_EVENTS_PER_APPEND) });
    }
  }

  /** `UnitOfWork.appendInserted`: new streams only, in one `appendMany`. */
  private async appendNew(em: EntityManager, aggregates: AggregateRoot[], options: TransactionOptions): Promise<void> {
    const requests = appendRequests(aggregates, options);
    if (requests.some((r) => r.expectedVersion !== 0)) throw new Error('appendInserted : seuls les agrégats nouveaux (version attendue 0) sont ajoutés avant la fin du travail.');
    await this.log.appendMany(em, requests);
  }
}

/** The append requests of the aggregates' pending events (taken), each expecting the version it was loaded at. */
function appendRequests(aggregates: Iterable<AggregateRoot>, options: TransactionOptions): AppendRequest[] {
  const metadata = options.actor ? { actor: { accountId: options.actor.accountId, role: options.actor.role } } : undefined;
  const requests: AppendRequest[] = [];
  for (const aggregate of aggregates) {
    const events = aggregate.takeEvents();
    if (events.length === 0) continue;
    const stream = aggregate.stream();
    requests.push({ streamType: stream.type, streamId: stream.id, expectedVersion: aggregate.version - events.length, events, metadata });
  }
  return requests;
}

/** A try that lost a race with another transaction: running the work again resolves it. */
class LostRace {
  constructor(readonly cause: unknown) {}
}

/** A named unique violation is a business refusal; an unnamed one, a version race or a deadlock is a lost race. */
function translate(error: unknown, options: TransactionOptions): unknown {
  if (error instanceof UniqueConstraintViolationException) return options.uniqueViolation?.(error.message) ?? new LostRace(error);
  if (error instanceof StreamVersionConflictError || error instanceof DeadlockException) return new LostRace(error);
  return error;
}

/** 20 ms, 40 ms, 80 ms, 160 ms… each drawn at random between half and the whole (the racers spread out). */
function backoff(attempt: number): number {
  const ceiling = 20 * 2 ** Math.min(attempt, 5);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/**
 * Takes the work's keys as transaction locks (advisory: released at commit or rollback). They are
 * taken first, sorted, before the work reads or writes anything: a writer waiting for one holds
 * no row and has no transaction id yet (the event log's commit order, docs/adr/0004).
 */
async function serialize(em: EntityManager, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  // On the transaction's own connection, as the event log's statements: a parameterised statement
  // straight to the driver, without the ORM's query formatting and logging (issue 28's answer path).
  const sql = sqlExecutor(em);
  for (const key of [...new Set(keys)].sort()) await sql.query(SERIALIZE_LOCK_SQL, [serializeLockKey(key)]);
}

/** The statement that queues a work's writers on one key (exported for the benchmark's baseline). */
export const SERIALIZE_LOCK_SQL = 'select pg_advisory_xact_lock(hashtextextended($1, 0))';
export const serializeLockKey = (key: string): string => `write:${key}`;
