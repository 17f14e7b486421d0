import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ConcurrentWriteError, DomainError } from '../../shared-kernel/index.js';
import { isServiceUnavailable, RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from './service-unavailable.js';
import { RequestValidationError } from './request-validation.error.js';

const STATUS_BY_KIND: Record<DomainError['kind'], number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many-requests': 429,
};

const MESSAGE_BY_STATUS: Record<number, string> = {
  400: 'Requête invalide.',
  401: 'Authentification requise.',
  403: 'Accès refusé.',
  404: 'Ressource introuvable.',
  405: 'Méthode non autorisée.',
  406: 'Format de réponse non disponible.',
  409: 'Conflit avec l’état actuel de la ressource.',
  413: 'Le fichier ou la requête est trop volumineux.',
  415: 'Type de contenu non pris en charge.',
  429: 'Trop de requêtes. Réessayez dans quelques minutes.',
};

export interface ErrorBody {
  statusCode: number;
  message: string;
  /** A refusal a client may send again: `conflit_concurrent` (docs/adr/0022). */
  code?: string;
  errors?: Record<string, string[]>;
  requestId?: string;
}

/**
 * The one place where errors become HTTP answers: named domain errors and validation errors keep
 * their French message; anything unexpected is logged with the request id and answered without
 * internals. (The SPA's history fallback is no error: web-assets.ts serves it.)
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const request = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    const { status, body, headers } = this.toResponse(exception, request);
    for (const [name, value] of Object.entries(headers ?? {})) void reply.header(name, value);
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  toResponse(exception: unknown, request: FastifyRequest): { status: number; body: ErrorBody; headers?: Record<string, string> } {
    if (exception instanceof DomainError) {
      const status = STATUS_BY_KIND[exception.kind];
      const body: ErrorBody = { statusCode: status, message: exception.message };
      if (exception.field) body.errors = { [exception.field]: [exception.message] };
      if (exception instanceof ConcurrentWriteError) {
        body.code = exception.code;
        return { status, body, headers: { 'retry-after': String(exception.retryAfterSeconds) } };
      }
      return { status, body };
    }
    if (exception instanceof RequestValidationError) {
      return { status: 400, body: { statusCode: 400, message: exception.message, errors: exception.errors } };
    }
    // PostgreSQL's data exceptions (class 22: a NUL byte, an out-of-range number, a bad date) come
    // from values the client sent: bad input, not a fault of ours.
    if (/^22[0-9A-Z]{3}$/.test(String((exception as { code?: unknown } | null)?.code ?? ''))) {
      return { status: 400, body: { statusCode: 400, message: MESSAGE_BY_STATUS[400] } };
    }
    // The database is away (a restart, a failover): nothing is wrong with the request, which may be
    // sent again shortly (docs/adr/0023).
    if (isServiceUnavailable(exception)) {
      this.logger.warn(`Base de données indisponible (requête ${request.id}) ${request.method} ${loggableUrl(request.url)}`);
      return {
        status: 503,
        body: { statusCode: 503, message: SERVICE_UNAVAILABLE_MESSAGE },
        headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
      };
    }
    const status = exception instanceof HttpException ? exception.getStatus() : fastifyStatus(exception);
    if (status !== undefined && status < 500) {
      return { status, body: { statusCode: status, message: MESSAGE_BY_STATUS[status] ?? 'Requête refusée.' } };
    }
    this.logger.error(
      `Erreur inattendue (requête ${request.id}) ${request.method} ${loggableUrl(request.url)}: ${exception instanceof Error ? exception.stack : String(exception)}`,
    );
    return {
      status: 500,
      body: {
        statusCode: 500,
        message: `Une erreur interne est survenue. Référence : ${request.id}`,
        requestId: String(request.id),
      },
    };
  }

}

/**
 * The request's address as the log may keep it: no query string, and no path segment long enough to
 * be a credential (a signed download link's token, a launch token), so a log file never lets anyone
 * use them. Ids, short words and the route stay readable.
 */
export function loggableUrl(url: string): string {
  const [path, query] = url.split('?', 2) as [string, string | undefined];
  const kept = path.split('/').map((segment) => (segment.length >= 32 ? '…' : segment)).join('/');
  return query === undefined ? kept : `${kept}?…`;
}

function fastifyStatus(exception: unknown): number | undefined {
  const status = (exception as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : undefined;
}
