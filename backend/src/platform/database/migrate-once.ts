import { MikroORM } from '@mikro-orm/postgresql';
import { MIGRATIONS } from '../../migrations/index.js';
import { ormOptions } from './database.module.js';
import { underNodeLock } from './once-across-nodes.js';

/** One key for every node of a deployment: migrations are applied by one node at a time (docs/adr/0059). */
const MIGRATIONS_LOCK = 'platform:migrations';

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
  const outcome = await underNodeLock(databaseUrl, MIGRATIONS_LOCK, () => orm.migrator.up(), { wait: true });
  return outcome === 'skipped' ? [] : outcome.done.map((migration) => migration.name);
}

/** The names the migrator records for this code's migrations (each declares its own, as the migrator reads it). */
export const MIGRATION_NAMES: readonly string[] = MIGRATIONS.map((Migration) => {
  const { name } = new Migration(undefined as never, undefined as never);
  return name ?? Migration.name;
});
