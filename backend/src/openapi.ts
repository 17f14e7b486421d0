import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/** The OpenAPI document of every route: served at /api/docs-json, and the source of the front end's API types. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('LMS – API de la plateforme de formation')
      .setDescription('Chemins et champs de la spécification ; les messages d’erreur sont en français.')
      .setVersion('1.0')
      .addBearerAuth()
      .build(),
  );
  return withPostNulls(document);
}

interface Schema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

const refName = (schema: Schema | undefined) => schema?.$ref?.split('/').at(-1);

/**
 * A POST body may send null for any optional field: it is a field left out (docs/adr/0009-input-hygiene.md,
 * "null"). The document says so, for the request schemas only POST bodies use (and the objects they
 * nest), so that the generated types accept what the server accepts. PUT and PATCH bodies keep
 * `nullable` where a request class declares it: there null clears the field, and elsewhere is refused.
 */
export function withPostNulls(document: OpenAPIObject): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const bodySchemas = (methods: string[]) => {
    const names = new Set<string>();
    for (const item of Object.values(document.paths)) {
      for (const method of methods) {
        const content = (item as Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } } | undefined>)[method]?.requestBody?.content ?? {};
        for (const { schema } of Object.values(content)) {
          const name = refName(schema);
          if (name) names.add(name);
        }
      }
    }
    // With the schemas they nest (a Set iterates over what is added while it runs).
    for (const name of names) {
      for (const property of Object.values(schemas[name]?.properties ?? {})) {
        const nested = refName(property) ?? refName(property.items);
        if (nested) names.add(nested);
      }
    }
    return names;
  };
  const updates = bodySchemas(['put', 'patch']);
  for (const name of bodySchemas(['post'])) {
    const schema = schemas[name];
    if (!schema || updates.has(name)) continue;
    for (const [field, property] of Object.entries(schema.properties ?? {})) {
      // (A reference cannot carry `nullable` in OpenAPI 3.0: a nested object stays as it is.)
      if (!schema.required?.includes(field) && !property.$ref) property.nullable = true;
    }
  }
  return document;
}
