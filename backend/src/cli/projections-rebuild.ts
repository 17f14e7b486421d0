import 'reflect-metadata';
import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import type pg from 'pg';
import { loadConfig } from '../platform/config/config.js';
import { EVENT_LOG_OPTIONS, type EventLogOptions } from '../platform/event-log/event-log.options.js';
import { EVENT_LOG_POOL } from '../platform/event-log/event-log.pool.js';
import { rebuildProjection, type RebuildReport } from '../platform/event-log/projection-rebuild.js';
import { ProjectionRegistry } from '../platform/event-log/projection-registry.js';
import { openCliApp } from './cli-app.js';
import { isEntryPoint, openCliDatabase, runCommand, type Output } from './cli-database.js';

const USAGE = `Usage : npm run projections:rebuild [-- <nom>] [--check] [--json]

Rejoue tout le journal dans une copie de chaque projection (ou de celle nommée), puis remplace
ses lignes et son point de reprise en une transaction. Avec --check, ne remplace rien : compare
la relecture aux lignes en service (code 1 si elles diffèrent).`;

/** Nest's messages go to stderr: stdout carries the report (JSON with --json). */
class StderrLogger extends ConsoleLogger {
  protected override printMessages(messages: unknown[], context?: string, logLevel?: LogLevel): void {
    super.printMessages(messages, context, logLevel, 'stderr');
  }
}

export function parseRebuildArgs(argv: string[]): { name: string | null; check: boolean; json: boolean } | string {
  let name: string | null = null;
  let check = false;
  let json = false;
  for (const arg of argv) {
    if (arg === '--check') check = true;
    else if (arg === '--json') json = true;
    else if (arg === '--help' || arg === '-h') return USAGE;
    else if (arg.startsWith('-') || name !== null) return `Argument inconnu : ${arg}\n\n${USAGE}`;
    else name = arg;
  }
  return { name, check, json };
}

export async function rebuildCommand(argv: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  const args = parseRebuildArgs(argv);
  if (typeof args === 'string') {
    (args === USAGE ? out.log : out.error)(args);
    return args === USAGE ? 0 : 2;
  }
  const config = loadConfig(env);
  const database = await openCliDatabase(config);
  // This process rebuilds; it must not also run the projections live.
  const app = await openCliApp(config, database.url, new StderrLogger({ logLevels: ['error', 'warn'] }));
  try {
    const registry = app.get(ProjectionRegistry);
    const options = app.get<EventLogOptions>(EVENT_LOG_OPTIONS);
    const pool = app.get<pg.Pool>(EVENT_LOG_POOL);
    const known = registry.projections();
    const chosen = args.name === null ? known : known.filter((p) => p.name === args.name);
    if (chosen.length === 0) {
      out.error(`Projection inconnue : « ${args.name} ». Projections : ${known.map((p) => p.name).join(', ') || 'aucune'}.`);
      return 2;
    }
    if (!args.json) out.log(`Base : ${database.source}.`);
    const reports: RebuildReport[] = [];
    for (const projection of chosen) {
      const report = await rebuildProjection(pool, projection, { batchSize: options.rebuildBatchSize, checkOnly: args.check });
      reports.push(report);
      if (args.json) continue;
      const speed = `${report.events} événement(s) en ${(report.durationMs / 1000).toFixed(2)} s (${Math.round(report.eventsPerSecond)} év./s), ${report.rows} ligne(s)`;
      if (!args.check) out.log(`${projection.name} : reconstruite, ${speed}. Empreinte des lignes : ${report.digest}`);
      else if (report.matchesLive) out.log(`${projection.name} : identique à la relecture (${speed}). Empreinte : ${report.digest}`);
      else out.error(`${projection.name} : DIFFÉRENTE de la relecture (en service ${report.liveDigest}, relecture ${report.digest}) ; ${speed}.`);
    }
    if (args.json) out.log(JSON.stringify(reports, null, 2));
    return reports.every((r) => r.matchesLive !== false) ? 0 : 1;
  } finally {
    await app.close();
    await database.close();
  }
}

if (isEntryPoint(import.meta.url)) runCommand(rebuildCommand);
