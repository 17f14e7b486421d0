import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { MIGRATIONS } from '../../migrations/index.js';
import { ormOptions } from './database.module.js';

/** One key for every node of a deployment: migrations are applied by one node at a time (docs/adr/0059). */
const MIGRATIONS_LOCK_SQL = `select pg_advisory_lock(hashtextextended('platform:migrations', 0))`;
const UNLOCK_SQL = `select pg_advisory_unlock(hashtextextended('platform:migrations', 0))`;

/**
 * Migrates the database before anything of the app starts (its job workers and projection runner
 * read the schema as soon as they run): a migrator of its own, without entities, then closed.
 */
export async function migrateDatabase(databaseUrl: string, log: (message: string) => void = () => undefined): Promise<void> {
  const options = ormOptions(databaseUrl);
  const orm = await MikroORM.init({ ...options, pool: { min: 0, max: 2 }, migrations: { ...options.migrations, silent: true } });
  try {
    const applied = await migrateOnce(orm, databaseUrl);
    if (applied.length > 0) log(`${applied.length} migration(s) appliquée(s), jusqu’à ${applied[applied.length - 1]}.`);
  } finally {
    await orm.close(true);
  }
}

/**
 * Applies the pending migrations, one node at a time. Nodes that start together queue on a session
 * advisory lock held on a connection of its own; each, once it has the lock, finds what is still
 * pending (nothing, after the first) and applies it. The lock goes with the connection if the node
 * dies while migrating, and each migration is transactional, so the next node resumes cleanly.
 */
async function migrateOnce(orm: MikroORM, databaseUrl: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: databaseUrl, application_name: 'lms-migrations-lock' });
  await lock.connect();
  try {
    await lock.query(MIGRATIONS_LOCK_SQL);
    const applied = await orm.migrator.up();
    await lock.query(UNLOCK_SQL);
    return applied.map((migration) => migration.name);
  } finally {
    await lock.end().catch(() => undefined);
  }
}

/** The names the migrator records for this code's migrations (each declares its own, as the migrator reads it). */
export const MIGRATION_NAMES: readonly string[] = MIGRATIONS.map((Migration) => {
  const { name } = new Migration(undefined as never, undefined as never);
  return name ?? Migration.name;
});
