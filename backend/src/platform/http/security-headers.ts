import { randomBytes } from 'node:crypto';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config.js';
import { appOriginOf, CONTENT_PATHS, contentOriginFor } from './content-origin.js';

/**
 * Security headers (docs/adr/0029-sessions-out-of-scripts-reach.md). Every answer of the app gets
 * the headers a scan expects; the SPA's pages (index.html) also get a Content-Security-Policy with a
 * nonce of their own. The SCORM content origin's answers keep the policy of docs/adr/0025.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';
export const CSP_REPORT_PATH = '/api/csp-report/';
export const CSP_REPORT_MAX_BYTES = 8 * 1024;

/** The frames a course may embed (docs/adr/0011: YouTube and Vimeo videos). */
const VIDEO_FRAMES = ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * The only foreign scripts: the two players' APIs, without which a video's playback cannot be
 * followed (docs/adr/0021). Exact paths, not whole hosts: YouTube's iframe API and the widget it
 * loads from /s/player/, Vimeo's player.js (frontend/src/features/learning-progress/video/provider-apis.ts).
 */
export const VIDEO_PLAYER_SCRIPTS = ['https://www.youtube.com/iframe_api', 'https://www.youtube.com/s/player/', 'https://player.vimeo.com/api/player.js'];

export const COMMON_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self "https://www.youtube.com" "https://www.youtube-nocookie.com" "https://player.vimeo.com")',
  'cross-origin-opener-policy': 'same-origin',
};

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The SPA's policy: scripts of this origin and the two video players' APIs only (no inline script); styles of
 * this origin and the `<style>` elements antd's CSS-in-JS inserts with the page's nonce; style
 * attributes (set by React through the CSSOM, never able to run code) allowed; frames of this
 * origin, the SCORM content origin and the two video players; violations reported.
 */
export function spaPolicy(nonce: string, contentOrigin: string | null): string {
  const frames = ["'self'", ...(contentOrigin ? [contentOrigin] : []), ...VIDEO_FRAMES].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${VIDEO_PLAYER_SCRIPTS.join(' ')}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https://i.ytimg.com https://i.vimeocdn.com",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${frames}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    `report-uri ${CSP_REPORT_PATH}`,
    'report-to csp',
  ].join('; ');
}

/** The headers of one SPA page: the policy with its nonce and where reports go. */
export function spaPageHeaders(request: FastifyRequest, config: Pick<AppConfig, 'contentOrigin'>, nonce: string): Record<string, string> {
  return {
    'content-security-policy': spaPolicy(nonce, contentOriginFor(config, appOriginOf(request))),
    'reporting-endpoints': `csp="${CSP_REPORT_PATH}"`,
  };
}

/** The common headers on every answer, without replacing one a route set itself. */
export function registerSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    for (const [name, value] of Object.entries(COMMON_HEADERS)) {
      if (name === 'cross-origin-opener-policy' && CONTENT_PATHS.test(request.url)) continue;
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    // Nothing of the app may be framed by another site (the content origin sets its own).
    if (!reply.hasHeader('content-security-policy') && !CONTENT_PATHS.test(request.url)) {
      reply.header('content-security-policy', "frame-ancestors 'self'");
    }
    return payload;
  });
}

/**
 * The violation reports: logged (a few fields, each cut short), at most REPORTS_PER_MINUTE a
 * minute for the whole process, bodies over CSP_REPORT_MAX_BYTES refused by the parser; always 204.
 */
const REPORTS_PER_MINUTE = 30;

export interface CspReportLog {
  warn(message: string): void;
}

export function registerCspReports(fastify: FastifyInstance, log: CspReportLog, now: () => number = Date.now): void {
  let windowStart = 0;
  let count = 0;
  let dropped = 0;
  void fastify.register(async (scope: FastifyInstance) => {
    // Browsers send application/csp-report (report-uri) or application/reports+json (report-to); the
    // text is kept as is and read by the handler (`ownBody`: the JSON-object rule of request-body.ts
    // does not apply to a report, which may be an array).
    scope.addContentTypeParser(
      ['application/csp-report', 'application/reports+json', 'application/json'],
      { parseAs: 'string', bodyLimit: CSP_REPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Never a 500: a body too large is refused in French, anything else is dropped.
    scope.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
      if (error.statusCode === 413) {
        return reply.status(413).header('content-type', 'application/json; charset=utf-8').send({ statusCode: 413, message: 'Rapport trop volumineux.' });
      }
      return reply.status(204).send();
    });
    const config = { ownBody: true } as unknown as FastifyContextConfig;
    scope.post(CSP_REPORT_PATH, { bodyLimit: CSP_REPORT_MAX_BYTES, config }, async (request: FastifyRequest, reply: FastifyReply) => {
      const at = now();
      if (at - windowStart > 60_000) {
        if (dropped > 0) log.warn(`CSP : ${dropped} rapport(s) de violation ignoré(s) (limite de ${REPORTS_PER_MINUTE} par minute)`);
        windowStart = at;
        count = 0;
        dropped = 0;
      }
      if (count >= REPORTS_PER_MINUTE) dropped++;
      else {
        count++;
        for (const report of summarise(parseReport(request.body))) log.warn(`CSP : violation ${report}`);
      }
      return reply.status(204).header('cache-control', 'no-store').send();
    });
  });
}

function parseReport(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

// Control characters (line breaks, NUL, terminal escapes) never reach the log.
// eslint-disable-next-line no-control-regex
const cut = (value: unknown) => (typeof value === 'string' ? value.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 200) : '');

/** The fields worth logging from either report format. */
export function summarise(body: unknown): string[] {
  const items = Array.isArray(body) ? body : [body];
  const out: string[] = [];
  for (const item of items.slice(0, 10)) {
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const report = (record['csp-report'] ?? record.body ?? record) as Record<string, unknown>;
    if (!report || typeof report !== 'object') continue;
    const directive = cut(report['effective-directive'] ?? report.effectiveDirective ?? report['violated-directive']);
    const blocked = cut(report['blocked-uri'] ?? report.blockedURL);
    const page = cut(report['document-uri'] ?? report.documentURL);
    out.push(`directive=${directive} bloqué=${blocked} page=${page}`);
  }
  return out;
}
