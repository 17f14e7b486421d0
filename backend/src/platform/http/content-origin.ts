import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config.js';

/**
 * The content origin (docs/adr/0025-scorm-content-origin.md): SCORM packages are served from
 * another host than the app, so their scripts share nothing with it (storage, cookies, DOM).
 * Configured by CONTENT_ORIGIN (`https://scorm.example.fr`); unset, it is the loopback twin of the
 * host the browser used: `localhost` ↔ `127.0.0.1`, same scheme and port, which works out of the
 * box on a developer's machine and in the browser tests. Any other host needs CONTENT_ORIGIN.
 */

/** Paths served only on the content origin. */
export const CONTENT_PATHS = /^\/scorm-(content|launch)(\/|$)/;

const LOOPBACK_TWIN: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };

/** The origin the request was addressed to, as the browser wrote it (scheme, host, port). */
export function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  if (!host || /[\s/\\@]/.test(host)) return null;
  try {
    return new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * The app page's origin a request comes from: its `Origin` header when it names this very host (a
 * browser sends it with every POST, with the scheme the browser used, even behind a proxy that
 * ends TLS), else the request's own scheme and host.
 */
export function appOriginOf(request: FastifyRequest): string | null {
  const from = request.headers.origin;
  if (from && hostOf(from) === request.host) return new URL(from).origin;
  return requestOrigin(request);
}

/** The host (and port) of an origin; null when it is none. */
export function hostOf(origin: string | null | undefined): string | null {
  if (!origin) return null;
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** The content origin for a page of the app at `appOrigin`; null when there is none to use. */
export function contentOriginFor(config: Pick<AppConfig, 'contentOrigin'>, appOrigin: string | null): string | null {
  if (!appOrigin) return null;
  if (config.contentOrigin) return hostOf(config.contentOrigin) === hostOf(appOrigin) ? null : config.contentOrigin;
  const url = new URL(appOrigin);
  const twin = LOOPBACK_TWIN[url.hostname];
  if (!twin) return null;
  url.hostname = twin;
  return url.origin;
}

const json = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send({ statusCode: status, message });

export const WRONG_HOST = 'Adresse introuvable sur cet hôte.';
export const FROM_CONTENT = 'Requête refusée : elle vient d’un module SCORM, qui n’agit pas au nom de l’utilisateur.';

/**
 * Every request, before routing: the app's own routes (API, media, SPA) refuse the content host
 * (configured) and any request whose `Origin` is the content origin (a package's script calling the
 * app, with or without credentials); the content routes refuse every host but the configured
 * content host (unconfigured, each launch token names the host it is valid on).
 */
export function registerContentOriginGuard(fastify: FastifyInstance, config: Pick<AppConfig, 'contentOrigin'>): void {
  // Hosts, not origins, are compared: behind a proxy that ends TLS the request's own scheme is http.
  const contentHost = hostOf(config.contentOrigin);
  fastify.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0]!;
    if (CONTENT_PATHS.test(path)) {
      if (contentHost && request.host !== contentHost) return void json(reply, 404, WRONG_HOST);
      return done();
    }
    if (contentHost && request.host === contentHost) return void json(reply, 404, WRONG_HOST);
    const from = hostOf(request.headers.origin);
    if (from && from !== request.host && (from === contentHost || from === hostOf(contentOriginFor(config, requestOrigin(request))))) {
      return void json(reply, 403, FROM_CONTENT);
    }
    done();
  });
}
