import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeApiError } from './api-errors';
import type { TokenRefresher } from './base-query';
import { startSession, storeTokens } from './session';
import { uploadMultipart } from './upload';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  bytes: number;
}

/** A real HTTP server on the loopback: jsdom's XMLHttpRequest sends the body to it (CORS included). */
let server: Server;
let baseUrl: string;
const received: Received[] = [];
let answer: (request: Received) => { status: number; body: unknown } = () => ({ status: 201, body: { id: 1 } });

function readAll(request: IncomingMessage): Promise<number> {
  return new Promise((resolve) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => resolve(bytes));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    response.setHeader('Access-Control-Allow-Methods', 'POST, PUT');
    if (request.method === 'OPTIONS') return response.writeHead(204).end();
    const seen: Received = {
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      bytes: await readAll(request),
    };
    received.push(seen);
    const { status, body } = answer(seen);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function bigBody(): FormData {
  const body = new FormData();
  body.append('title', 'Vidéo');
  body.append('video', new File([new Uint8Array(512 * 1024)], 'clip.webm', { type: 'video/webm' }));
  return body;
}

describe('uploadMultipart', () => {
  it('sends the body with the bearer and reports its progress up to 100', async () => {
    received.length = 0;
    answer = () => ({ status: 201, body: { id: 9, title: 'Vidéo' } });
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });
    const progress: number[] = [];

    const saved = await uploadMultipart<{ id: number }>({ method: 'POST', url: 'course-chapters/4/', body: bigBody(), baseUrl, onProgress: (p) => progress.push(p) });

    expect(saved).toEqual({ id: 9, title: 'Vidéo' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/api/course-chapters/4/', authorization: 'Bearer a1' });
    expect(received[0]!.bytes).toBeGreaterThan(512 * 1024);
    // From the XHR upload events alone: the helper adds no value of its own on success.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('on a 401, waits for the refresh and sends once more with the new token', async () => {
    received.length = 0;
    answer = (request) => (request.authorization === 'Bearer a2' ? { status: 200, body: { ok: true } } : { status: 401, body: { message: 'Session expirée.' } });
    startSession('teacher', { id: 3, username: 'claire', access: 'old', refresh: 'r1' });
    const refresher: TokenRefresher = {
      afterUnauthorized: vi.fn(async () => {
        storeTokens('a2');
        return true;
      }),
      ensureAccessToken: vi.fn(async () => 'ready' as const),
    };

    const saved = await uploadMultipart({ method: 'PUT', url: 'chapter/5/', body: bigBody(), baseUrl, refresher });

    expect(saved).toEqual({ ok: true });
    expect(refresher.afterUnauthorized).toHaveBeenCalledWith('old');
    expect(received.map((r) => r.authorization)).toEqual(['Bearer old', 'Bearer a2']);
  });

  it("rejects with the server's French field errors, readable by describeApiError", async () => {
    answer = () => ({ status: 400, body: { message: 'Données invalides.', errors: { title: ['Le titre est obligatoire.'] } } });
    startSession('teacher', { id: 3, username: 'claire', access: 'a1', refresh: 'r1' });

    const failure = await uploadMultipart({ method: 'POST', url: 'course/', body: bigBody(), baseUrl }).catch((error: unknown) => error);

    expect(describeApiError(failure)).toMatchObject({ kind: 'client', status: 400, message: 'Données invalides.', fieldErrors: { title: ['Le titre est obligatoire.'] } });
  });

  it('rejects as a network failure when nothing answers', async () => {
    const failure = await uploadMultipart({ method: 'POST', url: 'course/', body: bigBody(), baseUrl: 'http://127.0.0.1:1/api' }).catch((error: unknown) => error);

    expect(describeApiError(failure).kind).toBe('network');
  });
});
