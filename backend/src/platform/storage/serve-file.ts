import { extname } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InvalidInputError, NotFoundError } from '../../shared-kernel/index.js';
import { CONTENT_TYPES } from './file-types.js';
import type { MediaStorage } from './media-storage.js';

export interface SendStoredFileOptions {
  /** Overrides the type the extension gives (`CONTENT_TYPES`, else application/octet-stream). */
  contentType?: string;
  /** Offered as a download under this name (`Content-Disposition: attachment`); shown inline when absent. */
  downloadName?: string;
  /** How long a browser may reuse it without asking (`private, max-age`); 0 (default): revalidated each time with its ETag. */
  cacheSeconds?: number;
}

/** The Content-Type for a file name or path, from its extension. */
export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266, RFC 5987): an ASCII fallback for old
 * clients (accents dropped, anything else unsafe as `_`) and the exact UTF-8 name for the others.
 */
export function attachmentDisposition(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim() || 'fichier';
  const ascii = clean
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a stored file as the reply, streamed from its storage (disk or object store): `Accept-Ranges: bytes` and one byte range
 * (206 with `Content-Range`; 416 when it lies past the end; several ranges get the whole file),
 * `If-Range`, HEAD, a strong ETag and Last-Modified with 304 for `If-None-Match` /
 * `If-Modified-Since`, `X-Content-Type-Options: nosniff`, and a download name when asked. A file
 * that is not there is a NotFoundError (French 404 through the error filter).
 *
 * In a Nest controller: `@Get(...) get(@Req() request: FastifyRequest, @Res() reply: FastifyReply)
 * { …; return sendStoredFile(reply, request, storage, publicPath, { downloadName }); }`.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  request: FastifyRequest,
  storage: MediaStorage,
  publicPath: string,
  options: SendStoredFileOptions = {},
): Promise<FastifyReply> {
  const file = await storage.open(publicPath);
  if (!file) throw new NotFoundError('Fichier introuvable.');
  const size = file.size;
  const etag = etagOf(file);
  const lastModified = file.modified.toUTCString();
  const cacheSeconds = Math.max(0, Math.floor(options.cacheSeconds ?? 0));
  void reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', lastModified)
    .header('cache-control', cacheSeconds > 0 ? `private, max-age=${cacheSeconds}` : 'private, no-cache')
    .header('x-content-type-options', 'nosniff');

  if (notModified(request, etag, file.modified)) {
    await file.close();
    return reply.code(304).send();
  }

  void reply.header('content-type', options.contentType ?? contentTypeFor(publicPath));
  if (options.downloadName !== undefined) void reply.header('content-disposition', attachmentDisposition(options.downloadName));

  const range = requestedRange(request, etag, file.modified, size);
  if (range === 'unsatisfiable') {
    await file.close();
    return reply.code(416).header('content-range', `bytes */${size}`).header('content-type', 'application/json; charset=utf-8').send({
      statusCode: 416,
      message: 'La plage demandée est hors du fichier.',
    });
  }
  const [start, end] = range ?? [0, size - 1];
  const length = size === 0 ? 0 : end - start + 1;
  void reply.code(range ? 206 : 200).header('content-length', String(length));
  if (range) void reply.header('content-range', `bytes ${start}-${end}/${size}`);
  if (request.method === 'HEAD' || length === 0) {
    await file.close();
    // An empty stream, not nothing: Fastify's HEAD route would write `content-length: 0` for no payload.
    return reply.send(Readable.from([]));
  }
  return reply.send(await file.read({ start, end }));
}

/** The store's own ETag when it has one (an object store's: exact), else a strong validator from the size and date. */
function etagOf(file: { size: number; modified: Date; etag?: string }): string {
  if (file.etag && /^"[\x21\x23-\x7e]*"$/.test(file.etag)) return file.etag;
  return `"${file.size.toString(16)}-${Math.floor(file.modified.getTime()).toString(16)}"`;
}

/** A conditional GET/HEAD whose copy is still current: If-None-Match first, else If-Modified-Since. */
function notModified(request: FastifyRequest, etag: string, modified: Date): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    return noneMatch.trim() === '*' || noneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/**
 * Whether this request starts a download a caller must record (docs/adr/0036): `sendStoredFile`
 * sends bytes (a 200 or a 206, not a 304/416) and they are either from the first byte, or a part
 * asked without a current If-Range — not the resumption of a copy the client already holds the
 * start of (browsers resume with If-Range), so `Range: bytes=1-` alone cannot take a file unrecorded.
 * Decided with the same rules as the answer itself, so that the record never disagrees with it.
 */
export async function startsADownload(request: FastifyRequest, storage: MediaStorage, publicPath: string): Promise<boolean> {
  const file = await storage.open(publicPath);
  if (!file) return false;
  await file.close();
  const etag = etagOf(file);
  if (notModified(request, etag, file.modified)) return false;
  const range = requestedRange(request, etag, file.modified, file.size);
  if (range === null) return true;
  if (range === 'unsatisfiable') return false;
  return range[0] === 0 || [request.headers['if-range']].flat()[0] === undefined;
}

/**
 * The one byte range asked for, as [start, end] inclusive; null to send the whole file (no Range,
 * a stale If-Range, a malformed or multiple range); 'unsatisfiable' for a range past the end.
 */
function requestedRange(request: FastifyRequest, etag: string, modified: Date, size: number): [number, number] | null | 'unsatisfiable' {
  const header = request.headers.range;
  if (!header || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  const ifRange = [request.headers['if-range']].flat()[0]?.trim();
  if (ifRange !== undefined) {
    const current = ifRange.startsWith('"') ? ifRange === etag : Math.floor(modified.getTime() / 1000) * 1000 === Date.parse(ifRange);
    if (!current) return null;
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return null;
  }
  if (start >= size || !Number.isSafeInteger(start)) return 'unsatisfiable';
  return [start, end];
}

/**
 * The public media (`/media/...`: course images, profile photos) served from an object store
 * (docs/adr/0060), where the local disk's static files are not: a Fastify plugin answering GET and
 * HEAD for the same files as the static plugin (none whose path `privateMedia` matches: those have
 * their own gates).
 */
/**
 * The folders never served as public media: course content goes through the content gate only; the
 * centre's stamp and signature, the dossiers de preuves and handed-in homework only through their API calls.
 */
export const PRIVATE_MEDIA = /^\/?(content|scorm|centre|dossiers|homework)(\/|$)/;

export function publicMedia(storage: MediaStorage, privateMedia: RegExp): (server: FastifyInstance) => Promise<void> {
  return async (server) => {
    server.get('/media/*', async (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      if (!path || privateMedia.test(path)) {
        return reply.code(404).header('content-type', 'application/json; charset=utf-8').send({ statusCode: 404, message: 'Fichier introuvable.' });
      }
      try {
        return await sendStoredFile(reply, request, storage, `/media/${path}`, { cacheSeconds: 0 });
      } catch (error) {
        if (!(error instanceof NotFoundError) && !(error instanceof InvalidInputError)) throw error;
        return reply.code(404).header('content-type', 'application/json; charset=utf-8').send({ statusCode: 404, message: 'Fichier introuvable.' });
      }
    });
  };
}
