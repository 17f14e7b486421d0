import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { DynamicModule, Global, Module } from '@nestjs/common';
import type pg from 'pg';
import { MIGRATIONS } from '../../migrations/index.js';
import { observePool } from '../metrics/pools.js';
import { discardDeadClients } from './connection-errors.js';
import { Database } from './database.js';

export function ormOptions(url: string) {
  return {
    driver: PostgreSqlDriver,
    clientUrl: url,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false, tableName: 'mikro_orm_migrations' },
    pool: { min: 0, max: 10 },
    // Passed to pg's Pool: a request waits at most 10 s for a connection when the database does not
    // answer, then fails as "database unavailable" (503, docs/adr/0023) instead of hanging.
    // A connection that dies inside a transaction goes back to the pool to be discarded, not kept
    // checked out for good (see discardDeadClients).
    driverOptions: { connectionTimeoutMillis: 10_000, onPoolCreated: (pool: pg.Pool) => void discardDeadClients(observePool('orm', pool)) },
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: false,
    debug: false,
  };
}

/** MikroORM for the write side (aggregates, units of work) and a pg pool for SQL reads. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(url: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [MikroOrmModule.forRoot({ ...ormOptions(url), autoLoadEntities: true, registerRequestContext: false })],
      providers: [{ provide: Database, useFactory: () => new Database(url) }],
      exports: [Database],
    };
  }
}
