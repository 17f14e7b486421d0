import { vi } from 'vitest';
import type { ProgressRulesView } from '../lib/api-schema';

export interface FakeRequest {
  method: string;
  /** Path under /api, e.g. "/student-login-jwt/". */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON body, the FormData of a multipart body, or null. */
  body: unknown;
}

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return request.json();
  // A file from jsdom in the form: undici cannot parse it back into a FormData, so the raw multipart text.
  if (type.includes('multipart/form-data')) return request.clone().formData().catch(() => request.text());
  const text = await request.text();
  return text || null;
}

export interface StubOptions {
  /**
   * The footer asks for the CMS page list (GET /pages/) on every page. By default that call is
   * answered with this list and kept out of `calls`, so tests see only the calls of their screen;
   * `null` hands it to the handler like any other call.
   */
  pages?: unknown[] | null;
  /**
   * The course player reads GET /progress-rules/ once. By default that call is answered with the
   * figures the server serves today (backend learning-progress/domain/validation-rules.ts) and kept
   * out of `calls`; other figures test that the player follows the server, `null` hands it to the handler.
   */
  progressRules?: ProgressRulesView | null;
  /**
   * The header greets a logged-in student or trainer by name, reading GET /student/{id}/ or
   * /teacher/{id}/ on every page. While the app's header is on screen, that call still goes to the handler (a 404 leaves the username)
   * but is kept out of `calls` unless `profileCalls` is true, so tests see only their screen's calls.
   */
  profileCalls?: boolean;
  /**
   * The header's bell (docs/adr/0046) asks GET /notifications/count for a logged-in student, trainer
   * or admin. By default that call is answered with this count and kept out of `calls`; `null` hands
   * it to the handler (the bell's own tests).
   */
  notificationCount?: { unread: number; seen_up_to: number } | null;
}

export const SERVED_PROGRESS_RULES: ProgressRulesView = { video: { share: 0.9, finish_after_seconds: 120, max_rate: 2 } };

/** Replaces the global fetch; every call is recorded in `calls` (see StubOptions for the footer's). */
export function stubFetch(
  handler: FakeHandler,
  { pages = [], progressRules = SERVED_PROGRESS_RULES, profileCalls = false, notificationCount = { unread: 0, seen_up_to: 0 } }: StubOptions = {},
) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const fake: FakeRequest = {
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      headers: request.headers,
      body: await readBody(request),
    };
    if (pages !== null && fake.method === 'GET' && fake.path === '/pages/') return json(pages);
    if (progressRules !== null && fake.method === 'GET' && fake.path === '/progress-rules/') return json(progressRules);
    if (notificationCount !== null && fake.method === 'GET' && fake.path === '/notifications/count') return json(notificationCount);
    const headerProfile = fake.method === 'GET' && /^\/(student|teacher)\/\d+\/$/.test(fake.path) && document.querySelector('header.navbar') !== null;
    if (profileCalls || !headerProfile) calls.push(fake);
    return handler(fake);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
