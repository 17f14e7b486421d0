import type { EntityManager, Kysely } from '@mikro-orm/postgresql';
import type pg from 'pg';

/** Where an append runs: the EntityManager of the command's transaction, or a pg client in a transaction. */
export type TransactionHandle = EntityManager | pg.ClientBase;

export interface SqlExecutor {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The transaction object, so that a commit hook can recognise it (EntityManager only). */
  transaction?: object;
}

type RawQuery = Parameters<Kysely<unknown>['executeQuery']>[0];

/** A parameterised query ($1, $2…) in the shape Kysely executes as is. */
function rawQuery(sql: string, parameters: unknown[]): RawQuery {
  return {
    sql,
    parameters,
    query: { kind: 'RawNode', sqlFragments: [sql], parameters: [] },
    queryId: { queryId: 'eventlog' },
  } as unknown as RawQuery;
}

function isEntityManager(handle: TransactionHandle): handle is EntityManager {
  return typeof (handle as EntityManager).getTransactionContext === 'function';
}

/**
 * Runs SQL on the caller's transaction. An EntityManager outside em.transactional() is refused:
 * events written outside the transaction of the change they record could survive its rollback.
 */
export function sqlExecutor(handle: TransactionHandle): SqlExecutor {
  if (isEntityManager(handle)) {
    const transaction = handle.getTransactionContext<Kysely<unknown>>();
    if (!transaction) throw new Error('EventLog.append doit être appelé dans em.transactional(…), avec l’EntityManager de la transaction.');
    return {
      transaction,
      async query<T>(sql: string, params: unknown[] = []) {
        return (await transaction.executeQuery(rawQuery(sql, params))).rows as T[];
      },
    };
  }
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return (await handle.query(sql, params)).rows as T[];
    },
  };
}
