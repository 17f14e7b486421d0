import type { QueryBus } from '@nestjs/cqrs';
import { cataloguePageNeeds, type LcpImage } from './contexts/catalogue/index.js';
import { escapeHtml } from './platform/http/escape-html.js';

/** The home page's hero poster (frontend areas/public/hero-video.tsx): its LCP, the video's first frame. */
export const HERO_POSTER = '/hero/hero-poster.jpg';

/** A preload the browser matches with the page's own `<img>`: the same `srcset` and `sizes`, so the same copy. */
export function imagePreload(image: LcpImage): string {
  const responsive = image.srcset ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(image.href)}"${responsive} fetchpriority="high" />`;
}

/**
 * The page's first API read, fetched with the scripts: the browser hands it to RTK Query's `fetch`
 * of the same URL (same origin, `cors` mode, same-origin credentials: what `crossorigin` asks).
 */
export function apiPreload(url: string): string {
  return `<link rel="preload" as="fetch" href="${escapeHtml(url)}" crossorigin />`;
}

/**
 * What a public page's head preloads (docs/adr/0058): its LCP image and its first API read, fetched
 * with the scripts instead of after them (HTML → scripts → run → API → image). `/` preloads the
 * hero's poster; the catalogue and a course page the first course image and their read, from the
 * catalogue's read model. Any other page, or a read that fails: nothing (the page loads as before).
 */
export async function pagePreloads(queries: QueryBus, url: string): Promise<string> {
  if (url.split('?')[0] === '/') return imagePreload({ href: HERO_POSTER, srcset: null, sizes: '' });
  const needs = await cataloguePageNeeds(queries, url).catch(() => null);
  if (!needs) return '';
  return [needs.image ? imagePreload(needs.image) : null, apiPreload(needs.api)].filter(Boolean).join('\n    ');
}

/**
 * The page module each public route renders (frontend areas/public/index.ts and features/catalogue/index.ts,
 * lazily): its chunk is fetched with the entry instead of once the entry has run (docs/adr/0058).
 */
const PAGE_MODULES: readonly [RegExp, string][] = [
  [/^\/$/, 'src/areas/public/home-page.tsx'],
  [/^\/all-courses\/?$/, 'src/features/catalogue/screens/all-courses-page.tsx'],
  [/^\/detail\/[1-9][0-9]*\/?$/, 'src/areas/public/course-detail-page.tsx'],
];

export function pageModules(url: string): string[] {
  const path = url.split('?')[0]!;
  return PAGE_MODULES.filter(([route]) => route.test(path)).map(([, module]) => module);
}
