import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InvalidInputError } from '../../shared-kernel/index.js';
import { SNIFF_BYTES } from '../storage/file-types.js';
import { findInputProblem, forbiddenCharacter } from './input-hygiene.js';
import { formatFileSize, sanitiseFilename, sanitiseMimetype, UploadedFile } from './uploaded-file.js';

export interface MultipartLimits {
  /** The most bytes of a file field that is not streamed (an image): it is buffered in memory. */
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
}

/** The large file fields, streamed to disk (docs/adr/0009-input-hygiene.md). */
export interface StreamedUploads {
  /** Where their temporary files go: `<DATA_DIR>/tmp/uploads`, on the media's file system so that moving one is a rename. */
  directory: string;
  /** Field name → the most bytes it may carry (`{ video: 2 GiB, scorm_file: 1 GiB, upload: 100 MiB }`). */
  maxBytes: Readonly<Record<string, number>>;
}

const MALFORMED = 'Le formulaire envoyé est mal formé ou incomplet.';
/** A temporary file older than this was left by a crash: removed at start. */
const STALE_AFTER_MS = 24 * 3600 * 1000;

/** A file field over its limit: answered 413 with the limit, by the hook itself (the error filter has no "too large" kind). */
class FileTooLargeError extends Error {
  constructor(
    readonly field: string,
    readonly limit: number,
  ) {
    super(`Le fichier « ${field} » dépasse la taille maximale autorisée (${formatFileSize(limit)}).`);
  }
}

/** The temporary files of each request, removed once its response is sent or it is aborted. */
const temporaryFiles = new WeakMap<FastifyRequest, string[]>();
/** Every temporary file of this process not yet removed, and the removals in progress: for a graceful stop. */
const liveTemporaryFiles = new Set<string>();
const removals = new Set<Promise<unknown>>();

function removeTemporaryFile(path: string): Promise<void> {
  liveTemporaryFiles.delete(path);
  const removal = rm(path, { force: true }).catch(() => undefined);
  removals.add(removal);
  void removal.finally(() => removals.delete(removal));
  return removal;
}

/**
 * At a graceful stop, once no request is left (docs/adr/0023): removes the temporary files of the
 * uploads cut at the deadline, and waits for the removals already under way. A file a handler
 * moved into storage is no longer there: nothing to remove.
 */
export async function removeUnfinishedUploads(): Promise<void> {
  await Promise.all([...liveTemporaryFiles].map(removeTemporaryFile));
  await Promise.all([...removals]);
}

/**
 * The one step every request passes after its body is read and before any guard, pipe or
 * handler (docs/adr/0009-input-hygiene.md): multipart bodies become `{ field: value }` (a repeated
 * field as an array; small files as Buffers; the fields named in `uploads.maxBytes` as
 * UploadedFile, streamed to a temporary file and never held in memory), and the body, query
 * string and path parameters are walked for forbidden characters, impossible numbers and hostile
 * nesting. Anything wrong is a French 400 (413 when too large) before the request reaches code
 * that could store it. Registered on the Fastify instance (`app.getHttpAdapter().getInstance()`).
 */
export async function registerRequestBody(fastify: FastifyInstance, limits: MultipartLimits, uploads: StreamedUploads): Promise<void> {
  await mkdir(uploads.directory, { recursive: true });
  await removeStaleFiles(uploads.directory);
  // Busboy's own per-file limit is one byte above the largest field's: each field's limit is
  // enforced while reading (readSmallFile, streamToDisk), so that busboy never truncates first.
  const largest = Math.max(limits.fileSize, ...Object.values(uploads.maxBytes));
  await fastify.register(multipart, { limits: { ...limits, fileSize: largest + 1 } });
  fastify.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    // Routes that read their own raw bodies (the xAPI resources, docs/adr/0014) apply these rules themselves.
    if ((request.routeOptions.config as { ownBody?: boolean } | undefined)?.ownBody) return;
    try {
      if (request.isMultipart()) request.body = await readMultipart(request, limits, uploads);
    } catch (error) {
      if (!(error instanceof FileTooLargeError)) throw error;
      return reply
        .code(413)
        .header('content-type', 'application/json; charset=utf-8')
        .send({ statusCode: 413, message: error.message, errors: { [error.field]: [error.message] } });
    }
    checkInput(request);
  });
  // A multipart body that was not read to its end (a file over its limit, a refused field) is not
  // drained: the answer closes the connection instead of reading up to gigabytes for nothing.
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (request.isMultipart() && !request.raw.complete) void reply.header('connection', 'close');
    return payload;
  });
  const removeTemporaryFiles = async (request: FastifyRequest) => {
    const files = temporaryFiles.get(request);
    temporaryFiles.delete(request);
    // A file a handler moved into storage is no longer there: nothing to remove.
    for (const file of files ?? []) await removeTemporaryFile(file);
  };
  fastify.addHook('onResponse', removeTemporaryFiles);
  fastify.addHook('onRequestAbort', removeTemporaryFiles);
}

async function readMultipart(request: FastifyRequest, limits: MultipartLimits, uploads: StreamedUploads): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      let value: unknown;
      if (part.type === 'file') {
        const max = Object.hasOwn(uploads.maxBytes, part.fieldname) ? uploads.maxBytes[part.fieldname] : undefined;
        value = max === undefined ? await readSmallFile(part.file, part.fieldname, limits.fileSize) : await streamToDisk(request, part, max, uploads.directory);
        // An empty file input a browser sends for "no file chosen": no value, as if left out.
        if (value === undefined) continue;
      } else {
        if (part.fieldnameTruncated) throw new InvalidInputError('Un nom de champ du formulaire est trop long.');
        if (part.valueTruncated) throw new InvalidInputError(`Le champ « ${part.fieldname} » est trop long.`, part.fieldname);
        value = part.value;
      }
      const previous = body[part.fieldname];
      body[part.fieldname] = previous === undefined ? value : [previous, value].flat();
    }
  } catch (error) {
    if (error instanceof InvalidInputError || error instanceof FileTooLargeError) throw error;
    // Limits keep their 413; everything else busboy or the plugin throws (no boundary, a body cut
    // mid-part, a malformed part header, a reserved field name) is the sender's malformed form.
    if ((error as { statusCode?: unknown } | null)?.statusCode === 413) throw error;
    throw new InvalidInputError(MALFORMED);
  }
  return body;
}

/** A small file field (an image) in memory, refused past `max` bytes as soon as they arrive. */
async function readSmallFile(file: Readable, field: string, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new FileTooLargeError(field, max);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * A large file field written to a temporary file as it arrives (memory: one chunk and the first
 * SNIFF_BYTES), counted, and refused past `max` bytes with the partial file removed.
 */
async function streamToDisk(request: FastifyRequest, part: MultipartFile, max: number, directory: string): Promise<UploadedFile | undefined> {
  const path = join(directory, `${randomUUID()}.upload`);
  const files = temporaryFiles.get(request) ?? [];
  temporaryFiles.set(request, files);
  files.push(path);
  liveTemporaryFiles.add(path);
  let size = 0;
  const head: Buffer[] = [];
  let headLength = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > max) return done(new FileTooLargeError(part.fieldname, max));
      if (headLength < SNIFF_BYTES) {
        const kept = chunk.subarray(0, SNIFF_BYTES - headLength);
        head.push(Buffer.from(kept));
        headLength += kept.length;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, counter, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await removeTemporaryFile(path);
    throw error;
  }
  if (size === 0 && !part.filename) {
    await removeTemporaryFile(path);
    return undefined;
  }
  return new UploadedFile({ path, size, filename: sanitiseFilename(part.filename), mimetype: sanitiseMimetype(part.mimetype), head: Buffer.concat(head) });
}

async function removeStaleFiles(directory: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(directory).catch(() => [] as string[])) {
    const file = join(directory, name);
    const found = await stat(file).catch(() => null);
    if (found && now - found.mtimeMs > STALE_AFTER_MS) await rm(file, { recursive: true, force: true }).catch(() => undefined);
  }
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
  // A creation (or an action) names what it sends: a null there is a field left out. On PUT and
  // PATCH a null is kept: it clears an optional field (RequestValidationPipe refuses it elsewhere).
  if (request.method === 'POST' && isObject) removeNulls(body);
}

/**
 * Removes the fields whose value is null from a parsed body, in nested objects too (within arrays:
 * a null item of a list is a value, and stays). The body was walked by findInputProblem first,
 * so its depth is bounded.
 */
export function removeNulls(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) removeNulls(item);
  } else if (value !== null && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    // (Plain objects only: a multipart body's files are left as they are.)
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      if (object[key] === null) delete object[key];
      else removeNulls(object[key]);
    }
  }
}
