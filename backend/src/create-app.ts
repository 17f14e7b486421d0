import { randomUUID } from 'node:crypto';
import { ScormManifestUpgrade } from './contexts/catalogue/index.js';
import { centreHead } from './contexts/centre/index.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { Logger, LogLevel, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { QueryBus } from '@nestjs/cqrs';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module.js';
import { buildOpenApiDocument } from './openapi.js';
import type { AppConfig } from './platform/config/config.js';
import type { Clock } from './shared-kernel/index.js';
import { mediaRoot } from './platform/platform.module.js';
import { migrateDatabase } from './platform/database/migrate-once.js';
import { Metrics } from './platform/metrics/metrics.js';
import { JsonLogger, registerAccessLog } from './platform/logging/json-logger.js';
import { IMAGE_MAX_BYTES, MediaStorage } from './platform/storage/media-storage.js';
import { backfillImageVariants, IMAGE_VARIANTS_BACKFILL } from './platform/storage/image-variants.js';
import { onceAcrossNodes } from './platform/database/once-across-nodes.js';
import { PRIVATE_MEDIA, publicMedia } from './platform/storage/serve-file.js';
import { ErrorFilter } from './platform/http/error.filter.js';
import { RequestValidationPipe } from './platform/http/request-validation.pipe.js';
import { registerRequestBody } from './platform/http/request-body.js';
import { frameworkErrors } from './platform/http/framework-errors.js';
import { registerContentOriginGuard } from './platform/http/content-origin.js';
import { pageModules, pagePreloads } from './page-preloads.js';
import { registerWebAssets } from './web-assets.js';
import { registerCspReports, registerSecurityHeaders } from './platform/http/security-headers.js';

export interface CreateAppOptions {
  logLevels?: LogLevel[] | false;
  /** The clock every handler, policy and the event log read (tests set theirs); the system's by default. */
  clock?: Clock;
}

/** Builds the whole HTTP application (API, OpenAPI, media, SPA) and applies pending migrations. */
export async function createApp(config: AppConfig, databaseUrl: string, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  // Several nodes starting together: one applies the migrations, the others wait and find none
  // pending; all before the app's job workers and projection runner start (docs/adr/0059).
  const levels = options.logLevels ?? ['log', 'warn', 'error'];
  await migrateDatabase(databaseUrl, (message) => (levels !== false && levels.includes('log') ? new Logger('Migrations').log(message) : undefined));
  const adapter = new FastifyAdapter({
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // `__proto__` is already refused by default; `constructor.prototype` too (docs/adr/0009-input-hygiene.md).
    onConstructorPoisoning: 'error',
    frameworkErrors,
    genReqId: () => randomUUID(),
  });
  // LOG_FORMAT=json: one JSON object per line with the request's and events' ids (docs/adr/0059).
  const jsonLogger = config.logFormat === 'json' ? new JsonLogger(levels === false ? [] : levels) : null;
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, databaseUrl, options.clock), adapter, {
    logger: jsonLogger ?? levels,
    bufferLogs: false,
  });
  if (jsonLogger) registerAccessLog(app.getHttpAdapter().getInstance(), jsonLogger);
  await registerRequestBody(
    app.getHttpAdapter().getInstance(),
    { fileSize: IMAGE_MAX_BYTES, files: 5, fields: 50, fieldSize: 100_000 },
    {
      directory: join(config.dataDir, 'tmp', 'uploads'),
      // `import_file`: a learners' file to import (docs/adr/0052), 10 MB at most.
      maxBytes: { video: config.videoMaxBytes, scorm_file: config.scormMaxBytes, upload: config.documentMaxBytes, import_file: 10 * 1024 * 1024 },
    },
  );
  // Requests per route and their latency, for the operator's metrics (docs/adr/0059).
  app.get(Metrics).observeRequests(app.getHttpAdapter().getInstance());
  // The content origin's guard runs first on every request (docs/adr/0025).
  registerContentOriginGuard(app.getHttpAdapter().getInstance(), config);
  // Security headers on every answer and the CSP violation reports (docs/adr/0029).
  registerSecurityHeaders(app.getHttpAdapter().getInstance());
  registerCspReports(app.getHttpAdapter().getInstance(), new Logger('CSP'));
  // The content gate serves protected course content under /media/ (docs/adr/0011), outside the API;
  // SCORM packages are served on the content origin (docs/adr/0025).
  app.setGlobalPrefix('api', {
    exclude: [
      { path: 'media/*path', method: RequestMethod.GET },
      { path: 'scorm-launch/*path', method: RequestMethod.GET },
      { path: 'scorm-content/*path', method: RequestMethod.GET },
    ],
  });
  app.useGlobalPipes(new RequestValidationPipe());
  app.useGlobalFilters(new ErrorFilter());

  SwaggerModule.setup('api/docs', app, buildOpenApiDocument(app), { jsonDocumentUrl: 'api/docs-json' });

  // Public media (course images, profile photos); never the private folders (PRIVATE_MEDIA).
  const privateMedia = PRIVATE_MEDIA;
  if (config.storage.kind === 'local') {
    const media = mediaRoot(config);
    mkdirSync(media, { recursive: true });
    await app.register(fastifyStatic, {
      root: media,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      allowedPath: (path) => !privateMedia.test(path),
    });
  } else {
    // On an object store (docs/adr/0060) the same files, by the same rules, streamed through the app.
    await app.register(publicMedia(app.get(MediaStorage), privateMedia));
  }
  // Each page's title and header carry the centre's name and logo from the first paint (docs/adr/0049);
  // a public page's LCP image is preloaded from its head (docs/adr/0058).
  const pageHead = async (url: string) => {
    const [centre, preloads] = await Promise.all([centreHead(app.get(QueryBus)), pagePreloads(app.get(QueryBus), url)]);
    return preloads ? `${centre}\n    ${preloads}` : centre;
  };
  await registerWebAssets(app, config.frontendDist, config, { pageHead, pageModules });

  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  // SCORM packages imported before their manifest said what is required (issue 23): completed from their own imsmanifest.xml.
  await app.get(ScormManifestUpgrade).run();
  // Course images stored before they had responsive copies get them, in the background (docs/adr/0010),
  // by one node of the deployment: the others, starting meanwhile, leave it to that one (docs/adr/0059).
  const storage = app.get(MediaStorage);
  void onceAcrossNodes(databaseUrl, IMAGE_VARIANTS_BACKFILL, () => backfillImageVariants(storage)).catch((error: unknown) =>
    new Logger('Images').warn(`Copies responsives non vérifiées : ${error instanceof Error ? error.message : String(error)}`),
  );
  return app;
}
