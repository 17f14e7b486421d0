import 'reflect-metadata';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { seedDemoData } from './demo/demo-data.js';
import { ConfigError, loadConfig } from './platform/config/config.js';
import { EmbeddedDatabase, startEmbeddedPostgres } from './platform/database/embedded-postgres.js';
import { leaveShutdownToTheApp } from './platform/database/embedded-postgres-signals.js';
import { removeUnfinishedUploads } from './platform/http/request-body.js';
import { createApp } from './create-app.js';
import { JsonLogger } from './platform/logging/json-logger.js';

/**
 * Stops accepting connections, lets the requests in flight finish, and cuts whatever is still
 * open once `graceMs` have passed (an upload still arriving is then aborted). Resolves once every
 * connection is closed.
 */
async function drainHttpServer(server: Server, graceMs: number, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // The listening socket is closed now: a connection attempted from here on is refused.
  logger.log('Nouvelles connexions refusées ; les requêtes en cours se terminent.');
  // close() ends the idle keep-alive connections; those busy now become idle after their answer.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  let deadline: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    deadline = setTimeout(() => resolve(true), graceMs);
  });
  try {
    if (await Promise.race([closed.then(() => false), timedOut])) {
      logger.warn(`Délai de grâce écoulé (${graceMs / 1000} s) : les requêtes encore en cours sont interrompues.`);
      server.closeAllConnections();
      await closed;
    }
  } finally {
    clearInterval(idle);
    clearTimeout(deadline);
  }
}

async function main(): Promise<void> {
  const logger = new Logger('Démarrage');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // LOG_FORMAT=json: the start's own lines too (docs/adr/0059).
  if (config.logFormat === 'json') Logger.overrideLogger(new JsonLogger());
  // The app stops the embedded PostgreSQL itself, after the HTTP server has drained (docs/adr/0023).
  leaveShutdownToTheApp();
  let embedded: EmbeddedDatabase | undefined;
  let shutdown: ((signal: string) => Promise<void>) | null = null;
  let stopping = false;
  // A signal during the start: nothing is served yet, the embedded PostgreSQL (if up) is stopped.
  const onSignal = (signal: string) => {
    if (shutdown) return void shutdown(signal);
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} reçu pendant le démarrage : arrêt.`);
    void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(0));
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => onSignal(signal));
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dir: join(config.dataDir, 'postgres'),
      port: config.embeddedDatabasePort,
      database: 'lms',
      log: (m) => logger.log(m),
    });
    databaseUrl = embedded.url;
    logger.log(`PostgreSQL embarqué démarré (port ${config.embeddedDatabasePort}, données dans ${config.dataDir}).`);
  }
  let app;
  try {
    app = await createApp(config, databaseUrl);
    if (config.seedDemoData) await seedDemoData(app);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const stopLogger = new Logger('Arrêt');
  let closing = false;
  /**
   * A graceful stop (docs/adr/0023): stop accepting, finish the requests in flight within
   * SHUTDOWN_GRACE_SECONDS (then cut them, removing the files of unfinished uploads), close the
   * app (the projection runner's last step, then the pools), and only then stop the embedded
   * PostgreSQL: one after the other, never at the same time.
   */
  const gracefulStop = async (signal: string) => {
    if (closing) return;
    closing = true;
    stopLogger.log(`${signal} reçu : arrêt propre (au plus ${config.shutdownGraceSeconds} s pour les requêtes en cours).`);
    let code = 0;
    try {
      await drainHttpServer(app.getHttpServer() as Server, config.shutdownGraceSeconds * 1000, stopLogger);
      stopLogger.log('Plus aucune requête en cours.');
      await removeUnfinishedUploads();
      await app.close();
      stopLogger.log('Application arrêtée.');
    } catch (error) {
      console.error(error);
      code = 1;
    }
    if (embedded) {
      try {
        await embedded.stop();
        stopLogger.log('PostgreSQL embarqué arrêté.');
      } catch (error) {
        console.error(error);
        code = 1;
      }
    }
    process.exit(code);
  };
  // Connection errors are handled where connections live (guardPool, the listener): whatever
  // reaches this handler is a bug, and the process exits for its supervisor to start it again.
  // During a stop, a signal sent to the whole process group (Ctrl-C) also reaches the embedded
  // postgres, which may end pooled connections first: expected then.
  process.on('uncaughtException', (error: Error & { code?: string }) => {
    if (closing && error.code === '57P01') return;
    console.error(error);
    process.exit(1);
  });
  await app.listen(config.port, config.host);
  if (stopping) return;
  shutdown = gracefulStop;
  logger.log(`Plateforme disponible sur http://localhost:${config.port} (API : /api, documentation : /api/docs)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
