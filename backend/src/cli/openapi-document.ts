import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../app.module.js';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApiDocument } from '../openapi.js';
import { loadConfig } from '../platform/config/config.js';

/**
 * Writes the OpenAPI document without a database: the application is composed in preview mode
 * (modules, controllers and their metadata, no provider instantiated, no connection).
 * Usage: node dist/cli/openapi-document.js <file.json> (tools/api-types.mjs runs it).
 */
export async function describeApiWithoutDatabase(): Promise<OpenAPIObject> {
  const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? '/tmp/lms-openapi' });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, 'postgres://preview@localhost/none'), new FastifyAdapter(), {
    preview: true,
    logger: false,
  });
  app.setGlobalPrefix('api');
  const document = buildOpenApiDocument(app);
  await app.close();
  return document;
}

if (process.argv[1]?.endsWith('openapi-document.js')) {
  const target = process.argv[2];
  if (!target) {
    console.error('Usage : openapi-document <fichier.json>');
    process.exit(1);
  }
  describeApiWithoutDatabase()
    .then((document) => writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
