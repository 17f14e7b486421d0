import { Logger } from '@nestjs/common';
import pg from 'pg';
import { guardPool } from '../database/connection-errors.js';
import { observePool } from '../metrics/pools.js';

export const EVENT_LOG_POOL = Symbol('EVENT_LOG_POOL');
export const EVENT_LOG_DATABASE_URL = Symbol('EVENT_LOG_DATABASE_URL');

const passThrough = (value: string) => value;

/**
 * Type parsing for the projection side: dates stay 'YYYY-MM-DD' and timestamps become ISO strings,
 * so that rows loaded from a table compare equal to rows a pure evolve built from events.
 */
export const projectionTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.DATE) return passThrough;
    if (oid === pg.types.builtins.TIMESTAMPTZ || oid === pg.types.builtins.TIMESTAMP) {
      const parse = pg.types.getTypeParser(oid, 'text') as (value: string) => Date;
      return (value: string) => {
        const date = parse(value);
        return Number.isNaN(date.getTime()) ? value : date.toISOString();
      };
    }
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

/** The runner's own small pool, apart from the one serving HTTP reads. */
export function createEventLogPool(databaseUrl: string, max = 4): pg.Pool {
  // A client dropped by the server, idle or mid-step, must not crash the process: the pool replaces it.
  return observePool('event_log', guardPool(new pg.Pool({ connectionString: databaseUrl, max, types: projectionTypes, application_name: 'lms-eventlog' }), (message) =>
    new Logger('Projections').warn(message),
  ));
}
