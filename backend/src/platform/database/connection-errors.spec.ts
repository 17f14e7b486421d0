import { ConnectionException, DriverException } from '@mikro-orm/core';
import pg from 'pg';
import { guardPool, isDatabaseUnavailable } from './connection-errors.js';

const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('isDatabaseUnavailable', () => {
  it('recognises the database going away, however it is reported', () => {
    for (const error of [
      pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      pgError('terminating connection due to administrator command', '57P01'),
      pgError('the database system is starting up', '57P03'),
      pgError('the database system is shutting down', '57P03'),
      pgError('sorry, too many clients already', '53300'),
      pgError('connection failure', '08006'),
      pgError('Connection terminated unexpectedly'),
      pgError('timeout exceeded when trying to connect'),
      pgError('Client has encountered a connection error and is not queryable'),
      new ConnectionException(pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
      new DriverException(pgError('terminating connection due to administrator command', '57P01')),
      new Error('la transaction a échoué', { cause: pgError('Connection terminated unexpectedly') }),
      new AggregateError([pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')]),
    ]) {
      expect([error.message, isDatabaseUnavailable(error)]).toEqual([error.message, true]);
    }
  });

  it('leaves every other error to its own answer', () => {
    for (const error of [
      pgError('duplicate key value violates unique constraint', '23505'),
      pgError('invalid input syntax for type integer', '22P02'),
      pgError('could not serialize access due to concurrent update', '40001'),
      new Error('Accès refusé.'),
      'Connection terminated',
      null,
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});

describe('guardPool', () => {
  it('listens for errors on the pool and on every client it connects, idle or checked out', () => {
    const pool = guardPool(new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' }), () => undefined);
    expect(pool.listenerCount('error')).toBe(1);
    const client = new pg.Client();
    pool.emit('connect', client);
    // One says it; the other gives a checked-out client whose connection died back to the pool.
    expect(client.listenerCount('error')).toBe(2);
    // What would have been an uncaught exception is a warning.
    const warnings: string[] = [];
    const guarded = guardPool(new pg.Pool(), (message) => warnings.push(message));
    const checkedOut = new pg.Client();
    guarded.emit('connect', checkedOut);
    checkedOut.emit('error', pgError('terminating connection due to administrator command', '57P01'));
    expect(warnings).toEqual(['Connexion PostgreSQL perdue : terminating connection due to administrator command']);
  });
});
