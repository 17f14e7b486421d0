import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppConfig } from '../platform/config/config.js';
import { startEmbeddedPostgres } from '../platform/database/embedded-postgres.js';

export interface CliDatabase {
  url: string;
  /** Where the URL came from, for the first line a command prints. */
  source: string;
  close(): Promise<void>;
}

export interface Output {
  log(message: string): void;
  error(message: string): void;
}

/**
 * The arguments of a command that takes only `--json` (and `--help`): `'help'` once the usage is
 * printed, `'refused'` once an unknown argument is reported, else whether JSON was asked for.
 */
export function readJsonFlag(argv: string[], usage: string, out: Output): { json: boolean } | 'help' | 'refused' {
  if (argv.includes('--help') || argv.includes('-h')) {
    out.log(usage);
    return 'help';
  }
  const unknown = argv.find((arg) => arg !== '--json');
  if (unknown) {
    out.error(`Argument inconnu : ${unknown}\n\n${usage}`);
    return 'refused';
  }
  return { json: argv.includes('--json') };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The database a command works on, as the app finds it: DATABASE_URL; else the embedded
 * PostgreSQL in DATA_DIR, joined where it runs (postmaster.pid names its port) or started for
 * the command's duration and stopped after it.
 */
export async function openCliDatabase(config: AppConfig): Promise<CliDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, source: 'DATABASE_URL', close: async () => undefined };
  const dir = join(config.dataDir, 'postgres');
  const cluster = join(dir, 'cluster');
  if (!existsSync(join(cluster, 'PG_VERSION'))) {
    throw new Error(`Aucune base de données : DATABASE_URL n'est pas défini et ${dir} ne contient pas de base embarquée (démarrez l'application une fois).`);
  }
  const password = readFileSync(join(dir, 'password'), 'utf8').trim();
  const pidFile = join(cluster, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && Number.isInteger(port) && port > 0) {
      return { url: `postgres://postgres:${password}@127.0.0.1:${port}/lms`, source: `PostgreSQL embarqué en cours d'exécution (port ${port})`, close: async () => undefined };
    }
  }
  const embedded = await startEmbeddedPostgres({ dir, port: config.embeddedDatabasePort, database: 'lms' });
  return { url: embedded.url, source: `PostgreSQL embarqué démarré pour la commande (port ${config.embeddedDatabasePort})`, close: () => embedded.stop() };
}

/** Whether this module is the script node was started with (not imported by a test). */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return pathToFileURL(realpathSync(script)).href === moduleUrl;
  } catch {
    return false;
  }
}

/** Runs a command's main and exits with its code. */
export function runCommand(main: (argv: string[], env: NodeJS.ProcessEnv, out: Output) => Promise<number>): void {
  main(process.argv.slice(2), process.env, console).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(2);
    },
  );
}
