import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { guardPool } from './connection-errors.js';

// bigint counts and ids come back as numbers (they stay far below 2^53 here).
pg.types.setTypeParser(20, (value) => Number(value));

export interface SqlTransaction {
  query<T extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | undefined>;
}

/**
 * Plain SQL over its own pool, for the read side (query handlers, token checks) where
 * hydrating ORM entities would cost more than the query itself.
 */
@Injectable()
export class Database implements OnApplicationShutdown {
  readonly pool: pg.Pool;

  constructor(url: string, max = 10) {
    // A client losing its server (restart, shutdown), idle or in a transaction, must not crash the process.
    this.pool = guardPool(new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000 }), (message) => new Logger('Database').warn(message));
  }

  async query<T extends object = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const result = await this.pool.query(sql, params);
    return result.rows as T[];
  }

  async one<T extends object = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.query<T>(sql, params))[0];
  }

  /** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const tx: SqlTransaction = {
        query: async <R extends object>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as R[],
        one: async <R extends object>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows[0] as R | undefined,
      };
      const result = await work(tx);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
