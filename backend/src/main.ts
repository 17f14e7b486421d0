import 'reflect-metadata';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { seedDemoData } from './demo/demo-data.js';
import { ConfigError, loadConfig } from './platform/config/config.js';
import { EmbeddedDatabase, startEmbeddedPostgres } from './platform/database/embedded-postgres.js';
import { createApp } from './create-app.js';

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
  let embedded: EmbeddedDatabase | undefined;
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
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} reçu : arrêt propre.`);
    await app.close();
    await embedded?.stop();
    process.exit(0);
  };
  // A signal sent to the whole process group also reaches the embedded postgres, which may end
  // pooled connections before the app has closed them: expected then, and not worth a crash.
  process.on('uncaughtException', (error: Error & { code?: string }) => {
    if (closing && error.code === '57P01') return;
    console.error(error);
    process.exit(1);
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen(config.port, config.host);
  logger.log(`Plateforme disponible sur http://localhost:${config.port} (API : /api, documentation : /api/docs)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
