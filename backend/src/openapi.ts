import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/** The OpenAPI document of every route: served at /api/docs-json, and the source of the front end's API types. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('LMS – API de la plateforme de formation')
      .setDescription('Chemins et champs de la spécification ; les messages d’erreur sont en français.')
      .setVersion('1.0')
      .addBearerAuth()
      .build(),
  );
}
