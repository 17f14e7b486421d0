import multipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { InvalidInputError } from '../../shared-kernel/index.js';
import { findInputProblem, forbiddenCharacter } from './input-hygiene.js';

export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
}

const MALFORMED = 'Le formulaire envoyé est mal formé ou incomplet.';

/**
 * The one step every request passes after its body is read and before any guard, pipe or
 * handler (docs/adr/0009-input-hygiene.md): multipart bodies become `{ field: value }` (files as
 * Buffers, a repeated field as an array), and the body, query string and path parameters are
 * walked for forbidden characters, impossible numbers and hostile nesting. Anything wrong is a
 * French 400 (413 when too large) before the request reaches code that could store it.
 */
export async function registerRequestBody(app: NestFastifyApplication, limits: MultipartLimits): Promise<void> {
  await app.register(multipart, { limits });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('preValidation', async (request: FastifyRequest) => {
      if (request.isMultipart()) request.body = await readMultipart(request);
      checkInput(request);
    });
}

async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      let value: unknown;
      if (part.type === 'file') {
        value = await part.toBuffer();
      } else {
        if (part.fieldnameTruncated) throw new InvalidInputError('Un nom de champ du formulaire est trop long.');
        if (part.valueTruncated) throw new InvalidInputError(`Le champ « ${part.fieldname} » est trop long.`, part.fieldname);
        value = part.value;
      }
      const previous = body[part.fieldname];
      body[part.fieldname] = previous === undefined ? value : [previous, value].flat();
    }
  } catch (error) {
    if (error instanceof InvalidInputError) throw error;
    // Limits keep their 413; everything else busboy or the plugin throws (no boundary, a body cut
    // mid-part, a malformed part header, a reserved field name) is the sender's malformed form.
    if ((error as { statusCode?: unknown } | null)?.statusCode === 413) throw error;
    throw new InvalidInputError(MALFORMED);
  }
  return body;
}

function checkInput(request: FastifyRequest): void {
  const body = request.body;
  // An object (JSON or multipart), or text (text/plain, which a beacon sends); never a bare
  // array, number or null, which no request class could read.
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  if (body !== undefined && typeof body !== 'string' && !isObject) throw new InvalidInputError('Le corps de la requête doit être un objet JSON.');
  for (const [name, value] of Object.entries(request.params ?? {})) {
    const character = typeof value === 'string' ? forbiddenCharacter(value) : null;
    if (character) throw new InvalidInputError(`L'adresse demandée contient un caractère non autorisé (${character}).`, name === '*' ? undefined : name);
  }
  for (const input of [request.query, body]) {
    const problem = findInputProblem(input);
    if (problem) throw new InvalidInputError(problem.message, problem.field);
  }
}
