// A connection that dies inside a MikroORM transaction must go back to the pool: Kysely keeps it
// checked out when its ROLLBACK fails (kysely-org/kysely#1990), and after enough outages every write
// waited for a connection that never came (the CI failure of database-outage.integration.spec.ts).
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { eventually } from '../testing/eventually.js';
import { createTestDatabase } from '../testing/test-database.js';
import { ormOptions } from './database.module.js';

let database: { url: string; drop: () => Promise<void> };
let orm: MikroORM;
let admin: pg.Client;
const MAX = 3;

beforeAll(async () => {
  database = await createTestDatabase();
  const options = ormOptions(database.url);
  // A small pool that gives up quickly: a leaked slot shows as a refused connection, not a long wait.
  orm = await MikroORM.init({ ...options, pool: { min: 0, max: MAX }, driverOptions: { ...options.driverOptions, connectionTimeoutMillis: 3_000 } });
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
});

afterAll(async () => {
  await orm?.close(true);
  await admin?.end();
  await database?.drop();
});

describe('a connection that dies inside a transaction', () => {
  it('is given back to the pool, so the pool serves again once the database does', async () => {
    for (let round = 0; round < 2; round++) {
      // Every slot of the pool in a transaction, each waiting on the server…
      const marker = `lms_dead_${round}`;
      const transactions = Array.from({ length: MAX }, () =>
        orm.em.fork().transactional(async (em) => {
          await em.execute(`select pg_sleep(60), '${marker}'`);
        }),
      );
      const outcomes = Promise.allSettled(transactions);
      await eventually(async () => {
        const { rows } = await admin.query(`select count(*)::int as n from pg_stat_activity where query like $1 and pid <> pg_backend_pid()`, [`%${marker}%`]);
        expect(rows[0].n).toBe(MAX);
      }, 30_000);
      // …whose connections the server drops (as a restart does): the work and its rollback both fail.
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where query like $1 and pid <> pg_backend_pid()`, [`%${marker}%`]);
      expect((await outcomes).map((outcome) => outcome.status)).toEqual(Array(MAX).fill('rejected'));

      // The pool has its slots back: as many transactions as it holds run at once.
      const answers = await Promise.all(Array.from({ length: MAX }, () => orm.em.fork().transactional(async (em) => em.execute<{ one: number }[]>('select 1 as one'))));
      expect(answers).toEqual(Array(MAX).fill([{ one: 1 }]));
    }
  }, 120_000);
});
