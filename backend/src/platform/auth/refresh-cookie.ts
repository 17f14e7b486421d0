import type { FastifyReply, FastifyRequest } from 'fastify';
import { hostOf } from '../http/content-origin.js';
import { readCookie } from './media-session.js';

/**
 * The refresh token out of page scripts' reach (docs/adr/0029-sessions-out-of-scripts-reach.md):
 * the browser keeps it in an HttpOnly, SameSite=Strict cookie scoped to `/api/token/`, the path of
 * the two calls that need it (`token/refresh/` and `token/logout/`); never sent with any other
 * request. `Secure` whenever the page is not on a loopback host (a browser keeps Secure cookies
 * of http://localhost, but the e2e and dev servers also run on 127.0.0.1 over http).
 */
export const REFRESH_COOKIE = 'lms_refresh';
export const REFRESH_COOKIE_PATH = '/api/token/';
/** The custom header a cookie refresh must carry: a cross-site form or a simple request cannot set it. */
export const SESSION_HEADER = 'x-lms-session';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.hostname);
}

export function refreshCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' || !isLoopback(request) ? '; Secure' : '';
  return `${REFRESH_COOKIE}=${value}; Path=${REFRESH_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.header('set-cookie', refreshCookie(request, token, maxAgeSeconds));
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', refreshCookie(request, '', 0));
}

export function readRefreshCookie(request: FastifyRequest): string | null {
  return readCookie(request.headers.cookie, REFRESH_COOKIE);
}

/**
 * A call that acts with the cookie must come from a page of this very host: its `Origin` names
 * this host and it carries the custom header (which no other site can add without a CORS preflight
 * the server never grants). A body token needs neither: it is not ambient authority.
 */
export function isSameOriginSessionCall(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return typeof origin === 'string' && hostOf(origin) === request.host && request.headers[SESSION_HEADER] === '1';
}
