import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from './platform/config/config.js';
import { CSP_NONCE_PLACEHOLDER, newNonce, spaPageHeaders } from './platform/http/security-headers.js';

/** Hashed by Vite: a new build gives new names, so a browser may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files (favicon, hero video): revalidated (ETag) on every use. */
const REVALIDATE = 'no-cache';

/** Paths that are never the SPA: the API, the uploaded media, the build's hashed files, the SCORM content origin's. */
const NOT_SPA = /^\/(api|media|assets|scorm-content|scorm-launch)(\/|$)/;

/**
 * The built SPA (docs/adr/0010-front-end-delivery.md): its files with their build-time brotli and
 * gzip variants, chosen from `accept-encoding`; and the history fallback, index.html for a
 * browser's navigation to any other path (a deep link such as /detail/12). Nest keeps the
 * not-found handler, so the fallback is a last GET route that hands everything else (an unknown
 * API path, a missing asset, a client that does not ask for HTML) back to it: a French JSON 404.
 */
export async function registerWebAssets(
  app: NestFastifyApplication,
  frontendDist: string,
  config: Pick<AppConfig, 'contentOrigin'> = { contentOrigin: null },
  options: WebAssetsOptions = {},
): Promise<void> {
  const indexFile = join(frontendDist, 'index.html');
  if (!existsSync(indexFile)) return;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const chunks = readBuildManifest(frontendDist);

  await app.register(fastifyStatic, {
    root: frontendDist,
    prefix: '/',
    // One route per file, read at start: the build does not change under a running server.
    wildcard: false,
    preCompressed: true,
    // index.html is only ever the fallback below: each answer gets its own CSP nonce (docs/adr/0029).
    globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
    index: false,
    decorateReply: false,
    setHeaders: (res: FastifyReply, path: string) => {
      res.header('cache-control', path.includes('/assets/') ? IMMUTABLE : REVALIDATE);
    },
  });

  await app.register(async (fastify: FastifyInstance) => {
    fastify.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!wantsSpa(request)) return reply.callNotFound();
      // A nonce per answer, so the page is never stored: Vite's placeholder (html.cspNonce) is replaced.
      const nonce = newNonce();
      const head = options.pageHead ? await options.pageHead(request.url).catch(() => null) : null;
      const withHead = head ? indexHtml.replace(TITLE, () => head) : indexHtml;
      const preloads = options.pageModules ? modulePreloads(chunks, options.pageModules(request.url)) : '';
      const html = preloads ? withHead.replace('</head>', () => `${preloads}</head>`) : withHead;
      return reply
        .headers(spaPageHeaders(request, config, nonce))
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
    });
  });
}

export interface WebAssetsOptions {
  /**
   * The head each page gets in place of the build's `<title>` (the centre's name and face,
   * docs/adr/0049; the page's preloads, docs/adr/0058), read per answer from the page's URL; a
   * failure (the database away) serves the build's own title.
   */
  pageHead?: (url: string) => Promise<string>;
  /**
   * The source modules (as Vite's manifest names them, `src/…`) a page's route renders first: their
   * chunks are `modulepreload`ed from its head, fetched with the entry rather than after it has run
   * (docs/adr/0058). Without the build's manifest, nothing is added.
   */
  pageModules?: (url: string) => readonly string[];
}

/** Vite's `.vite/manifest.json` (build.manifest): each source module's chunk and the chunks it imports statically. */
type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

function readBuildManifest(frontendDist: string): BuildManifest {
  const file = join(frontendDist, '.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : {};
}

/** Every chunk `keys` need before they run: theirs and what they import, transitively. */
function closureOf(manifest: BuildManifest, keys: readonly string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closureOf(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/**
 * The `<link rel="modulepreload">` of the modules' chunks that index.html does not load already (the
 * entry's), and a preload of their stylesheets (which Vite's loader adds, and waits for, with the chunk).
 */
function modulePreloads(manifest: BuildManifest, modules: readonly string[]): string {
  const entry = closureOf(manifest, Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  const chunks = [...closureOf(manifest, modules)].filter((key) => !entry.has(key)).map((key) => manifest[key]!);
  const scripts = chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}" nonce="${CSP_NONCE_PLACEHOLDER}">`);
  const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
  return [...scripts, ...styles].map((tag) => `  ${tag}\n  `).join('');
}

const TITLE = /<title>[^<]*<\/title>/;

/** A navigation to a page of the SPA: not an API, media or asset path, and HTML is accepted. */
function wantsSpa(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  const accept = request.headers.accept;
  return !NOT_SPA.test(path) && (accept === undefined || accept.includes('text/html'));
}
