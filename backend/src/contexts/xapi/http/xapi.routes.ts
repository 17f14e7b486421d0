import { randomBytes } from 'node:crypto';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findInputProblemDetail, MAX_NESTING, type InputProblemDetail } from '../../../platform/http/input-hygiene.js';
import { loggableUrl } from '../../../platform/http/error.filter.js';
import { isServiceUnavailable, RETRY_AFTER_SECONDS } from '../../../platform/http/service-unavailable.js';
import { DomainError } from '../../../shared-kernel/index.js';
import { DeleteDocuments } from '../application/commands/delete-documents.command.js';
import { StoreStatements, type AttachmentPart } from '../application/commands/store-statements.command.js';
import { WriteDocument } from '../application/commands/write-document.command.js';
import { GetActivity } from '../application/queries/get-activity.query.js';
import { GetAttachments } from '../application/queries/get-attachments.query.js';
import { GetDocuments } from '../application/queries/get-documents.query.js';
import { GetPerson } from '../application/queries/get-person.query.js';
import { GetStatements } from '../application/queries/get-statements.query.js';
import { StatementConsistency } from '../application/consistency.js';
import { XapiAuthentication } from '../application/xapi-authentication.js';
import { documentAddress, type DocumentKind } from '../domain/document-address.js';
import type { XapiPrincipal } from '../domain/principal.js';
import { isIri, validateActor } from '../domain/statement-validation.js';
import { XapiBadRequest, XapiError } from '../domain/xapi.errors.js';
import { hashOf, parseMultipartMixed, type Part } from './multipart-mixed.js';

type Obj = Record<string, unknown>;

export const XAPI_PREFIX = '/api/xapi';
export const XAPI_VERSION = '1.0.3';
const SUPPORTED_VERSION = /^1\.0(\.[0-3])?$/;
const BODY_LIMIT = 16 * 1024 * 1024;
/** The 503 of the xAPI resources while the database is away (the rest of the API says it in French, docs/adr/0023). */
export const XAPI_SERVICE_UNAVAILABLE = 'Service unavailable: the database is not answering; send the request again in a few seconds';
const EXPOSED_HEADERS = 'ETag, Last-Modified, X-Experience-API-Version, X-Experience-API-Consistent-Through';
const METHODS = ['GET', 'PUT', 'POST', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
const HEADER_FIELDS = ['authorization', 'x-experience-api-version', 'content-type', 'content-length', 'if-match', 'if-none-match'];

/** A request as the resources read it, whether sent directly or through the alternate request syntax. */
interface XapiRequest {
  method: Method;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  body: Buffer;
  raw: FastifyRequest;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string | Obj | unknown[];
}

type Resource = (request: XapiRequest, principal: XapiPrincipal) => Promise<Answer>;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function contentTypeOf(headers: Record<string, string | undefined>): string {
  return (headers['content-type'] ?? '').trim();
}

function parseJson(body: Buffer, what: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new XapiBadRequest(`${what}: the body is not valid JSON`);
  }
  const problem = findInputProblemDetail(value);
  if (problem) throw new XapiBadRequest(inputProblemInEnglish(what, problem));
  return value;
}

/** ADR 0009's refusals in the LRS's language, English (docs/adr/0014): `statement.result.response: …`. */
export function inputProblemInEnglish(what: string, problem: InputProblemDetail): string {
  const where = problem.field ? (what ? `${what}.${problem.field}` : problem.field) : what || 'query';
  switch (problem.rule) {
    case 'character':
      return `${where}: contains a character that is not allowed (${problem.character})`;
    case 'key-character':
      return `${what || 'query'}: a property name contains a character that is not allowed (${problem.character})`;
    case 'number':
      return `${where}: contains a number out of range`;
    case 'nesting':
      return `${what || 'query'}: nested deeper than ${MAX_NESTING} levels`;
  }
}

/** The Accept-Language ranges, best first. */
function languages(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q) : 1 };
    })
    .filter((l) => l.tag && l.tag !== '*')
    .sort((a, b) => b.q - a.q)
    .map((l) => l.tag);
}

/**
 * The xAPI 1.0.3 resources under /api/xapi (docs/xapi.md), registered on Fastify directly in an
 * encapsulated plugin: they take bodies the rest of the API refuses (a bare array of statements,
 * multipart/mixed, any document type, the alternate request syntax's form), read as raw bytes,
 * so ADR 0009's request-body step leaves them to this plugin, which refuses the same characters
 * in JSON (docs/adr/0014-xapi-learning-record-store.md).
 */
@Injectable()
export class XapiRoutes implements OnModuleInit {
  private readonly logger = new Logger('xAPI');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly authentication: XapiAuthentication,
    private readonly consistency: StatementConsistency,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    void fastify.register((instance, _options, done) => this.plugin(instance, done), { prefix: XAPI_PREFIX });
  }

  private plugin(instance: FastifyInstance, done: (error?: Error) => void): void {
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, next) => next(null, body));
    // A read of the statement resource takes its Consistent-Through before the handler reads: a batch
    // committed between the read and the answer must not fall before the header (a client syncing
    // with `since` would never see it). Writes take it once written (in onSend), as before.
    const through = new WeakMap<object, Date>();
    instance.addHook('preHandler', async (request) => {
      if ((request.method === 'GET' || request.method === 'HEAD') && request.url.startsWith(`${XAPI_PREFIX}/statements`)) through.set(request, await this.consistency.through());
    });
    instance.addHook('onSend', async (request, reply, payload) => {
      void reply.header('x-experience-api-version', XAPI_VERSION);
      // Content served from another origin (a cmi5 package on a CDN) calls the LRS from the browser with
      // its Basic or bearer header: no cookie is involved, so any origin may read the answers.
      void reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', EXPOSED_HEADERS);
      // Every answer of the statement resource says up to when it is consistent (StatementConsistency), errors included.
      if (request.url.startsWith(`${XAPI_PREFIX}/statements`)) {
        void reply.header('x-experience-api-consistent-through', (through.get(request) ?? (await this.consistency.through())).toISOString());
      }
      return payload;
    });
    instance.setErrorHandler((error, request, reply) => this.fail(error, request, reply));
    instance.setNotFoundHandler((_request, reply) => this.send(reply, { status: 404, body: { statusCode: 404, message: 'Not found: no such xAPI resource' } }));
    const resources: Record<string, Resource> = {
      '/statements': (r, p) => this.statements(r, p),
      '/activities/state': (r, p) => this.documents('state', r, p),
      '/activities/profile': (r, p) => this.documents('activity-profile', r, p),
      '/agents/profile': (r, p) => this.documents('agent-profile', r, p),
      '/activities': (r, p) => this.activities(r, p),
      '/agents': (r, p) => this.agents(r, p),
    };
    const config = { ownBody: true };
    // The browser's preflight of a cross-origin call: no credentials, no version header.
    instance.options('/*', { config }, async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, HEAD, PUT, POST, DELETE')
        .header('access-control-allow-headers', 'Authorization, Content-Type, X-Experience-API-Version, If-Match, If-None-Match')
        .header('access-control-max-age', '86400')
        .send(),
    );
    instance.get('/about', { config }, async (_request, reply) => {
      return this.send(reply, { status: 200, body: { version: ['1.0.0', '1.0.1', '1.0.2', '1.0.3'], extensions: {} } });
    });
    for (const [path, resource] of Object.entries(resources)) {
      instance.route({
        method: ['GET', 'PUT', 'POST', 'DELETE'],
        url: path,
        config,
        bodyLimit: BODY_LIMIT,
        handler: async (request, reply) => this.send(reply, await this.handle(request, resource)),
      });
    }
    done();
  }

  private async handle(raw: FastifyRequest, resource: Resource): Promise<Answer> {
    const request = this.toXapiRequest(raw);
    const version = request.headers['x-experience-api-version'];
    if (version === undefined) throw new XapiBadRequest('X-Experience-API-Version: the header is required');
    if (!SUPPORTED_VERSION.test(version.trim())) throw new XapiBadRequest(`X-Experience-API-Version: ${version} is not supported (1.0.x)`);
    const principal = await this.authentication.principal({ headers: request.headers });
    return resource(request, principal);
  }

  /** The direct request, or the one a POST with `?method=` carries in its form (Communication 1.3). */
  private toXapiRequest(raw: FastifyRequest): XapiRequest {
    const query = this.query(raw.query);
    const headers: Record<string, string | undefined> = {};
    for (const name of Object.keys(raw.headers)) headers[name] = header(raw, name);
    const body = Buffer.isBuffer(raw.body) ? raw.body : Buffer.alloc(0);
    if (query.method === undefined) {
      // HEAD answers as GET does; Fastify leaves the body out.
      const method = raw.method === 'HEAD' ? 'GET' : raw.method;
      if (!(METHODS as readonly string[]).includes(method)) throw new XapiError(405, 'Method not allowed');
      return { method: method as Method, query, headers, body, raw };
    }
    if (raw.method !== 'POST') throw new XapiBadRequest('method: the alternate request syntax is a POST');
    if (Object.keys(query).length > 1) throw new XapiBadRequest('method: with the alternate request syntax, every other parameter goes in the form');
    const method = query.method.toUpperCase();
    if (!(METHODS as readonly string[]).includes(method)) throw new XapiBadRequest('method: must be GET, PUT, POST or DELETE');
    if (!/^application\/x-www-form-urlencoded\b/i.test(contentTypeOf(headers))) throw new XapiBadRequest('Content-Type: the alternate request syntax sends application/x-www-form-urlencoded');
    const form = new URLSearchParams(body.toString('utf8'));
    const alternate: XapiRequest = { method: method as Method, query: {}, headers: { ...headers, 'content-type': undefined }, body: Buffer.alloc(0), raw };
    for (const [name, value] of form) {
      const lower = name.toLowerCase();
      if (lower === 'content') alternate.body = Buffer.from(value, 'utf8');
      else if (HEADER_FIELDS.includes(lower)) {
        if (/[\r\n\u0000]/.test(value)) throw new XapiBadRequest(`${name}: a header holds one line`);
        alternate.headers[lower] = value;
      }
      else if (alternate.query[name] !== undefined) throw new XapiBadRequest(`${name}: sent twice`);
      else alternate.query[name] = value;
    }
    if (alternate.body.length > 0 && alternate.headers['content-type'] === undefined) alternate.headers['content-type'] = 'application/json';
    return alternate;
  }

  private query(value: unknown): Record<string, string> {
    const query: Record<string, string> = {};
    for (const [key, item] of Object.entries((value ?? {}) as Obj)) {
      if (typeof item !== 'string') throw new XapiBadRequest(`${key}: sent more than once`);
      query[key] = item;
    }
    const problem = findInputProblemDetail(query);
    if (problem) throw new XapiBadRequest(inputProblemInEnglish('', problem));
    return query;
  }

  // ---- statements ----

  private async statements(request: XapiRequest, principal: XapiPrincipal): Promise<Answer> {
    switch (request.method) {
      case 'GET':
        return this.getStatements(request, principal);
      case 'PUT': {
        const statementId = request.query.statementId;
        if (statementId === undefined) throw new XapiBadRequest('statementId: is required to PUT a statement');
        for (const key of Object.keys(request.query)) if (key !== 'statementId') throw new XapiBadRequest(`${key}: not a parameter of PUT statements`);
        const { statements, attachments } = this.readStatements(request);
        if (Array.isArray(statements)) throw new XapiBadRequest('statement: PUT takes one statement, not an array');
        await this.commands.execute(new StoreStatements(principal, [statements], attachments, statementId));
        return { status: 204 };
      }
      case 'POST': {
        for (const key of Object.keys(request.query)) throw new XapiBadRequest(`${key}: not a parameter of POST statements`);
        const { statements, attachments } = this.readStatements(request);
        const list = Array.isArray(statements) ? statements : [statements];
        const ids = await this.commands.execute(new StoreStatements(principal, list, attachments));
        return { status: 200, body: ids };
      }
      default:
        throw new XapiError(405, 'Method not allowed: statements are never deleted (void them)');
    }
  }

  /** The statement(s) of a PUT or POST: JSON, or multipart/mixed whose first part is JSON and the others attachments checked by sha2. */
  private readStatements(request: XapiRequest): { statements: unknown; attachments: Map<string, AttachmentPart> } {
    const contentType = contentTypeOf(request.headers);
    const attachments = new Map<string, AttachmentPart>();
    if (!/^multipart\/mixed\b/i.test(contentType)) {
      if (contentType && !/^application\/json\b/i.test(contentType)) throw new XapiBadRequest('Content-Type: statements are sent as application/json or multipart/mixed');
      return { statements: parseJson(request.body, 'statement'), attachments };
    }
    const parts = parseMultipartMixed(request.body, contentType);
    const [first, ...rest] = parts;
    if (!first || !/^application\/json\b/i.test(first.headers['content-type'] ?? '')) throw new XapiBadRequest('multipart: the first part must be the statements in application/json');
    for (const part of rest) {
      const sha2 = this.checkPart(part);
      attachments.set(sha2, { contentType: part.headers['content-type'] ?? 'application/octet-stream', content: part.body });
    }
    return { statements: parseJson(first.body, 'statement'), attachments };
  }

  private checkPart(part: Part): string {
    const declared = part.headers['x-experience-api-hash'];
    if (!declared) throw new XapiBadRequest('multipart: every attachment part needs an X-Experience-API-Hash header');
    if ((part.headers['content-transfer-encoding'] ?? '').toLowerCase() !== 'binary') throw new XapiBadRequest('multipart: every attachment part needs Content-Transfer-Encoding: binary');
    const actual = hashOf(part.body, declared.length);
    if (!actual || actual !== declared.toLowerCase()) throw new XapiBadRequest(`multipart: the part's content does not match its hash ${declared}`);
    return declared.toLowerCase();
  }

  private async getStatements(request: XapiRequest, principal: XapiPrincipal): Promise<Answer> {
    const answer = await this.queries.execute(new GetStatements(principal, request.query, languages(request.headers['accept-language'])));
    const headers: Record<string, string> = {};
    const body = answer.single ?? answer.page!;
    if (!answer.attachments) return { status: 200, headers: { ...headers, 'last-modified': new Date().toUTCString() }, body };
    const rows = await this.queries.execute(new GetAttachments(answer.sha2s));
    const boundary = randomBytes(16).toString('hex');
    const chunks: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(body)}\r\n`)];
    for (const row of rows) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Type: ${row.content_type}\r\nContent-Transfer-Encoding: binary\r\nX-Experience-API-Hash: ${row.sha2}\r\n\r\n`));
      chunks.push(row.content, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--`));
    return { status: 200, headers: { ...headers, 'content-type': `multipart/mixed; boundary=${boundary}` }, body: Buffer.concat(chunks) };
  }

  // ---- documents ----

  private async documents(kind: DocumentKind, request: XapiRequest, principal: XapiPrincipal): Promise<Answer> {
    const { method, query, headers } = request;
    const preconditions = { ifMatch: headers['if-match'], ifNoneMatch: headers['if-none-match'] };
    if (method === 'GET') {
      const address = documentAddress(kind, query, false, 'get');
      const found = await this.queries.execute(new GetDocuments(principal, address));
      if (Array.isArray(found)) return { status: 200, body: found };
      return {
        status: 200,
        headers: { 'content-type': found.contentType, etag: found.etag, 'last-modified': found.updated.toUTCString() },
        body: found.content,
      };
    }
    if (method === 'DELETE') {
      const address = documentAddress(kind, query, kind !== 'state', kind === 'state' ? 'delete' : null);
      await this.commands.execute(new DeleteDocuments(principal, address, preconditions));
      return { status: 204 };
    }
    const address = documentAddress(kind, query, true, null);
    const contentType = contentTypeOf(headers) || 'application/octet-stream';
    await this.commands.execute(new WriteDocument(principal, address, method === 'PUT' ? 'put' : 'post', request.body, contentType, preconditions));
    return { status: 204 };
  }

  private async activities(request: XapiRequest, principal: XapiPrincipal): Promise<Answer> {
    if (request.method !== 'GET') throw new XapiError(405, 'Method not allowed');
    for (const key of Object.keys(request.query)) if (key !== 'activityId') throw new XapiBadRequest(`${key}: not a parameter of GET activities`);
    const activityId = request.query.activityId;
    if (!activityId) throw new XapiBadRequest('activityId: is required');
    if (!isIri(activityId)) throw new XapiBadRequest('activityId: must be an IRI');
    return { status: 200, body: await this.queries.execute(new GetActivity(principal, activityId)) };
  }

  private async agents(request: XapiRequest, _principal: XapiPrincipal): Promise<Answer> {
    if (request.method !== 'GET') throw new XapiError(405, 'Method not allowed');
    for (const key of Object.keys(request.query)) if (key !== 'agent') throw new XapiBadRequest(`${key}: not a parameter of GET agents`);
    if (!request.query.agent) throw new XapiBadRequest('agent: is required');
    let agent: unknown;
    try {
      agent = JSON.parse(request.query.agent);
    } catch {
      throw new XapiBadRequest('agent: must be an Agent in JSON');
    }
    validateActor(agent, 'agent', { allowGroup: false });
    return { status: 200, body: await this.queries.execute(new GetPerson(agent as Obj)) };
  }

  // ---- answers ----

  private send(reply: FastifyReply, answer: Answer): FastifyReply {
    void reply.code(answer.status);
    for (const [name, value] of Object.entries(answer.headers ?? {})) void reply.header(name, value);
    if (answer.body === undefined) return reply.send();
    if (Buffer.isBuffer(answer.body)) return reply.send(answer.body);
    if (typeof answer.body === 'string') return reply.send(answer.body);
    return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(answer.body));
  }

  private fail(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    let status = 500;
    let message = 'Internal error';
    if (error instanceof XapiError) [status, message] = [error.status, error.message];
    else if (error instanceof DomainError) {
      status = { invalid: 400, unauthenticated: 401, forbidden: 403, 'not-found': 404, conflict: 409, 'too-many-requests': 429 }[error.kind];
      message = error.message;
    } else if (isServiceUnavailable(error)) {
      // The database is away: the LRS client may send the same request again shortly (docs/adr/0023),
      // told so in English like every answer of the LRS (docs/adr/0014).
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      [status, message] = [503, XAPI_SERVICE_UNAVAILABLE];
    } else {
      const code = (error as { statusCode?: number } | null)?.statusCode;
      if (typeof code === 'number' && code >= 400 && code < 500) [status, message] = [code, (error as Error).message];
      else this.logger.error(`${request.method} ${loggableUrl(request.url)}: ${(error as Error)?.stack ?? String(error)}`);
    }
    if (status === 401) void reply.header('www-authenticate', 'Basic realm="xAPI"');
    return this.send(reply, { status, body: { statusCode: status, message } });
  }
}

