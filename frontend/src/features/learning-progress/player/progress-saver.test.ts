import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch';
import { send, type Send, type SendResult } from '../transport';
import { MAX_BEATS_PER_SAVE, pendingSavesKey, ProgressSaver, type StepTarget } from './progress-saver';

const TEXT: StepTarget = { content_type: 'text', chapter: 10 };
const VIDEO: StepTarget = { content_type: 'video_file', chapter: 10, subchapter: 11 };
const SIGNALS = { visible: true, focused: true, playing: false, lastInputAt: 1_000 };
const ANSWER = { validated: false, chapter: 10, subchapter: null, rule: null, reason: null, time_spent: 0, connected_time: 0 };

interface Sent {
  path: string;
  body: { session_id: string; beats: { seq: number }[]; played?: unknown; validated?: boolean; chapter: number; subchapter?: number };
  keepalive: boolean;
}

/** A server that answers `results` in turn (then 201), recording every request. */
function fakeSend(...results: SendResult<unknown>[]) {
  const sent: Sent[] = [];
  const send = vi.fn(async (path: string, body: unknown, options?: { keepalive?: boolean }) => {
    sent.push({ path, body: structuredClone(body) as Sent['body'], keepalive: options?.keepalive === true });
    return results.shift() ?? { ok: true, data: ANSWER };
  }) as unknown as Send;
  return { send, sent };
}

const seqs = (request: Sent) => request.body.beats.map((beat) => beat.seq);
let clock = 0;
const saver = (send: Send, sessionId = 'aaaaaaaa-0000-4000-8000-000000000001') =>
  new ProgressSaver({ send, student: 7, course: 3, sessionId, storage: window.localStorage, now: () => (clock += 10_000) });

beforeEach(() => {
  vi.useFakeTimers();
  clock = 0;
});
afterEach(() => vi.useRealTimers());

describe('the beat queue', () => {
  it('sends the beats of the step with increasing sequence numbers, then only the new ones', async () => {
    const { send, sent } = fakeSend();
    const beats = saver(send);
    beats.beat(TEXT, SIGNALS);
    beats.beat(TEXT, { ...SIGNALS, visible: false });
    expect((await beats.save(TEXT))?.ok).toBe(true);
    beats.beat(TEXT, SIGNALS);
    await beats.save(TEXT);
    expect(sent.map(seqs)).toEqual([[1, 2], [3]]);
    expect(sent[0]!.body).toMatchObject({ student: 7, course: 3, content_type: 'text', chapter: 10, session_id: 'aaaaaaaa-0000-4000-8000-000000000001' });
    expect(sent[0]!.body.beats[1]).toEqual({ seq: 2, at: 20_000, visible: false, focused: true, playing: false, last_input_at: 1_000 });
    // Nothing gathered: no save, unless the step is being opened.
    expect(await beats.save(TEXT)).toBeNull();
    await beats.save(VIDEO, { open: true });
    expect(sent.at(-1)!.body).toMatchObject({ chapter: 10, subchapter: 11, beats: [] });
  });

  it('keeps the beats of a failed save and sends them again, the same sequence numbers, with the new ones', async () => {
    const { send, sent } = fakeSend({ ok: false, status: 0, message: null });
    const beats = saver(send);
    beats.beat(TEXT, SIGNALS);
    beats.beat(TEXT, SIGNALS);
    expect(await beats.save(TEXT)).toEqual({ ok: false, status: 0, message: null });
    expect(beats.pendingCount).toBe(1);
    beats.beat(TEXT, SIGNALS);
    // The retry comes by itself, 2 s later.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent.map(seqs)).toEqual([[1, 2], [1, 2, 3]]);
    expect(beats.pendingCount).toBe(0);
    expect(window.localStorage.getItem(pendingSavesKey(7))).toBeNull();
  });

  it('sends at most 200 beats a save, oldest first, the finish request with the last', async () => {
    const { send, sent } = fakeSend();
    const beats = saver(send);
    for (let i = 0; i < MAX_BEATS_PER_SAVE + 5; i++) beats.beat(TEXT, SIGNALS);
    await beats.save(TEXT, { finish: true });
    expect(sent.map((request) => [request.body.beats.length, request.body.validated])).toEqual([[200, undefined], [5, true]]);
  });

  it('drops beats the server refuses for good (a locked step) instead of sending them forever', async () => {
    const { send, sent } = fakeSend({ ok: false, status: 403, message: 'Accès refusé' });
    const beats = saver(send);
    beats.beat(TEXT, SIGNALS);
    expect(await beats.save(TEXT)).toMatchObject({ ok: false, status: 403 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    expect(beats.pendingCount).toBe(0);
  });

  it('sends the played intervals with the beats, and the finish button as validated', async () => {
    const { send, sent } = fakeSend();
    const beats = saver(send);
    beats.played(VIDEO, [[0, 4], [10, 12]]);
    await beats.save(VIDEO, { finish: true });
    expect(sent[0]!.body).toMatchObject({ played: [[0, 4], [10, 12]], validated: true });
  });
});

describe('leaving the page', () => {
  it('sends what waits with keepalive, and keeps it stored until acknowledged', async () => {
    const { send, sent } = fakeSend({ ok: false, status: 0, message: null });
    const beats = saver(send);
    beats.beat(TEXT, SIGNALS);
    beats.beat(VIDEO, SIGNALS);
    beats.pageHide();
    expect(sent.map((request) => [request.keepalive, request.body.chapter, request.body.subchapter, seqs(request)])).toEqual([
      [true, 10, undefined, [1]],
      [true, 10, 11, [2]],
    ]);
    expect(JSON.parse(window.localStorage.getItem(pendingSavesKey(7))!)).toHaveLength(2);
  });

  it('sends the beats a closed tab left on the next visit, under their own session, before the new ones', async () => {
    const first = fakeSend({ ok: false, status: 0, message: null });
    const before = saver(first.send, 'aaaaaaaa-0000-4000-8000-000000000001');
    before.beat(TEXT, SIGNALS);
    await before.save(TEXT);
    before.dispose();

    const again = fakeSend();
    const after = saver(again.send, 'bbbbbbbb-0000-4000-8000-000000000002');
    after.beat(TEXT, SIGNALS);
    await after.flushAll();
    expect(again.sent.map((request) => [request.body.session_id.slice(0, 8), seqs(request)])).toEqual([
      ['aaaaaaaa', [1]],
      ['bbbbbbbb', [1]],
    ]);
    expect(window.localStorage.getItem(pendingSavesKey(7))).toBeNull();
  });
});

describe('the beat queue facing refusals (the real transport, lib/retry-policy.ts)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const realSaver = () => new ProgressSaver({ send, student: 7, course: 3, sessionId: 'dddddddd-0000-4000-8000-000000000004', storage: window.localStorage, now: () => (clock += 10_000) });

  it('sends a save refused for a race again after Retry-After (at most 5 times), keeping its beats meanwhile', async () => {
    let races = 2;
    const { calls } = stubFetch(() =>
      races-- > 0
        ? new Response(JSON.stringify({ statusCode: 409, code: 'conflit_concurrent', message: 'Réessayez.' }), { status: 409, headers: { 'retry-after': '1' } })
        : json(ANSWER, 201),
    );
    const beats = realSaver();
    beats.beat(TEXT, SIGNALS);
    expect(await beats.save(TEXT)).toMatchObject({ ok: false, status: 409, code: 'conflit_concurrent', retryAfterMs: 1_000 });
    expect(beats.pendingCount).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls.map((c) => (c.body as Sent['body']).beats.map((b) => b.seq))).toEqual([[1], [1], [1]]);
    expect(beats.pendingCount).toBe(0);

    // A race that never settles: 1 send and 5 more, then final.
    const endless = stubFetch(() => new Response(JSON.stringify({ statusCode: 409, code: 'conflit_concurrent', message: 'Réessayez.' }), { status: 409, headers: { 'retry-after': '1' } }));
    beats.beat(TEXT, SIGNALS);
    await beats.save(TEXT);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(endless.calls).toHaveLength(6);
    expect(beats.pendingCount).toBe(0);
  });

  it('keeps the beats a 503 or the network refused, and delivers them once the server is back', async () => {
    let state: 'offline' | 'down' | 'up' = 'offline';
    const { calls } = stubFetch(() => {
      if (state === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
      if (state === 'down') return new Response(JSON.stringify({ statusCode: 503, message: 'Service momentanément indisponible.' }), { status: 503, headers: { 'retry-after': '10' } });
      return json(ANSWER, 201);
    });
    const beats = realSaver();
    beats.beat(TEXT, SIGNALS);
    expect(await beats.save(TEXT)).toMatchObject({ ok: false, status: 0 });
    state = 'down';
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toHaveLength(2);
    expect(beats.pendingCount).toBe(1);
    expect(JSON.parse(window.localStorage.getItem(pendingSavesKey(7))!)).toHaveLength(1);
    state = 'up';
    await vi.advanceTimersByTimeAsync(9_000);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(3);
    expect((calls[2]!.body as Sent['body']).beats.map((b) => b.seq)).toEqual([1]);
    expect(beats.pendingCount).toBe(0);
  });

  it('drops at once the beats of another 4xx (a business refusal), with the answer for the player to show', async () => {
    const { calls } = stubFetch(() => json({ statusCode: 409, message: 'Ce cours est déjà terminé.' }, 409));
    const beats = realSaver();
    beats.beat(TEXT, SIGNALS);
    expect(await beats.save(TEXT)).toEqual({ ok: false, status: 409, message: 'Ce cours est déjà terminé.' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(beats.pendingCount).toBe(0);
  });
});
