import type { INestApplicationContext, LoggerService, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module.js';
import type { AppConfig } from '../platform/config/config.js';
import { migrateDatabase } from '../platform/database/migrate-once.js';

/**
 * The application without HTTP for an operator's command, migrated, its projection runner off
 * (the command works beside a running server, which runs them).
 */
export async function openCliApp(config: AppConfig, databaseUrl: string, logger: LoggerService | LogLevel[]): Promise<INestApplicationContext> {
  await migrateDatabase(databaseUrl);
  const previous = process.env.PROJECTION_RUNNER;
  process.env.PROJECTION_RUNNER = 'off';
  const module = AppModule.forRoot(config, databaseUrl);
  if (previous === undefined) delete process.env.PROJECTION_RUNNER;
  else process.env.PROJECTION_RUNNER = previous;
  const app = await NestFactory.createApplicationContext(module, { logger });
  return app;
}
