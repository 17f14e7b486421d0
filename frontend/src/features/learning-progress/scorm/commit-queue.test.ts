import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch';
import { send, type Send, type SendResult } from '../transport';
import { pendingCommitsKey, ScormCommitQueue, type QueueState, type ScormCommit } from './commit-queue';

const WHERE = { course: 3, chapter: 40, sco: 'item_1' };
const APPLIED = { ok: true as const, data: { bool: true, outcome: 'applied' as const, validated: false } };
const OFFLINE = { ok: false as const, status: 0, message: null };

function fakeSend(...results: SendResult<unknown>[]) {
  const sent: { commit: ScormCommit; keepalive: boolean }[] = [];
  const send = vi.fn(async (_path: string, body: unknown, options?: { keepalive?: boolean }) => {
    sent.push({ commit: structuredClone(body) as ScormCommit, keepalive: options?.keepalive === true });
    return results.shift() ?? APPLIED;
  }) as unknown as Send;
  return { send, sent };
}

const queueOf = (send: Send, sessionId = 'aaaaaaaa-0000-4000-8000-000000000001', onChange?: (state: QueueState) => void) =>
  new ScormCommitQueue({ send, student: 7, sessionId, storage: window.localStorage, onChange });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the SCORM commit queue', () => {
  it('numbers each commit of the session and sends them in order, each once acknowledged', async () => {
    const { send, sent } = fakeSend();
    const queue = queueOf(send);
    queue.enqueue(WHERE, { location: '1' });
    queue.enqueue(WHERE, { location: '2' });
    await queue.drain();
    expect(sent.map(({ commit }) => [commit.seq, commit.cmi_data.location, commit.session_id.slice(0, 8), commit.student, commit.chapter, commit.sco])).toEqual([
      [1, '1', 'aaaaaaaa', 7, 40, 'item_1'],
      [2, '2', 'aaaaaaaa', 7, 40, 'item_1'],
    ]);
    expect(queue.state).toEqual({ pending: 0, failing: false });
  });

  it('keeps a commit the network lost, says so, and retries it until acknowledged, then the ones made meanwhile', async () => {
    const states: QueueState[] = [];
    const { send, sent } = fakeSend(OFFLINE, OFFLINE);
    const queue = queueOf(send, undefined, (state) => states.push(state));
    queue.enqueue(WHERE, { lesson_status: 'incomplete' });
    await queue.drain();
    expect(queue.state).toEqual({ pending: 1, failing: true });
    // A commit made meanwhile tries again at once, behind the first (still offline).
    queue.enqueue(WHERE, { lesson_status: 'passed' });
    await queue.drain();
    expect(queue.state).toEqual({ pending: 2, failing: true });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent.map(({ commit }) => commit.seq)).toEqual([1, 1, 1, 2]);
    expect(sent.at(-1)!.commit.cmi_data).toEqual({ lesson_status: 'passed' });
    expect(queue.state).toEqual({ pending: 0, failing: false });
    expect(states.at(-1)).toEqual({ pending: 0, failing: false });
  });

  it('sends again at once when asked (the browser is back online)', async () => {
    const { send, sent } = fakeSend(OFFLINE);
    const queue = queueOf(send);
    queue.enqueue(WHERE, { location: '1' });
    await queue.drain();
    queue.retryNow();
    await queue.drain();
    expect(sent).toHaveLength(2);
    expect(queue.state.pending).toBe(0);
  });

  it('keeps unacknowledged commits across a closed tab and sends them, with their own session and sequence, first', async () => {
    const before = fakeSend(OFFLINE);
    const closed = queueOf(before.send, 'aaaaaaaa-0000-4000-8000-000000000001');
    closed.enqueue(WHERE, { suspend_data: 'x'.repeat(10_000) });
    await closed.drain();
    closed.dispose();
    expect(JSON.parse(window.localStorage.getItem(pendingCommitsKey(7))!)).toHaveLength(1);

    const after = fakeSend();
    const queue = queueOf(after.send, 'bbbbbbbb-0000-4000-8000-000000000002');
    queue.enqueue(WHERE, { location: 'new' });
    await queue.drain();
    expect(after.sent.map(({ commit }) => [commit.session_id.slice(0, 8), commit.seq])).toEqual([
      ['aaaaaaaa', 1],
      ['bbbbbbbb', 1],
    ]);
    expect(after.sent[0]!.commit.cmi_data.suspend_data).toHaveLength(10_000);
    expect(window.localStorage.getItem(pendingCommitsKey(7))).toBeNull();
  });

  it('on pagehide sends the newest commit of each SCO with keepalive, and keeps them all stored', async () => {
    const { send, sent } = fakeSend(OFFLINE);
    const queue = queueOf(send);
    queue.enqueue(WHERE, { location: '1' });
    await queue.drain();
    queue.enqueue(WHERE, { location: '2' });
    queue.enqueue({ ...WHERE, sco: 'item_2' }, { location: 'a' });
    sent.length = 0;
    queue.pageHide();
    expect(sent.map(({ commit, keepalive }) => [keepalive, commit.sco, commit.seq])).toEqual([
      [true, 'item_1', 2],
      [true, 'item_2', 3],
    ]);
    expect(JSON.parse(window.localStorage.getItem(pendingCommitsKey(7))!)).toHaveLength(3);
    // The package's own unload handler commits after the page's pagehide: that one goes out with keepalive too.
    queue.enqueue(WHERE, { location: 'fin', exit: 'suspend' });
    expect(sent.at(-1)).toMatchObject({ keepalive: true, commit: { seq: 4, cmi_data: { location: 'fin' } } });
    expect(JSON.parse(window.localStorage.getItem(pendingCommitsKey(7))!)).toHaveLength(4);
  });

  it('files each commit under the launch that made it; on pagehide a later launch of a SCO never races an earlier one still waiting', async () => {
    const { send, sent } = fakeSend(OFFLINE);
    const queue = queueOf(send);
    const first = 'bbbbbbbb-0000-4000-8000-000000000001';
    const second = 'bbbbbbbb-0000-4000-8000-000000000002';
    queue.enqueue({ ...WHERE, session: first }, { location: '1' });
    await queue.drain();
    queue.enqueue({ ...WHERE, session: first }, { location: '2' });
    queue.enqueue({ ...WHERE, sco: 'item_2', session: second }, { location: 'a' });
    queue.enqueue({ ...WHERE, session: second }, { location: '3' });
    sent.length = 0;
    queue.pageHide();
    // item_1: the newest of its first launch (the second launch's goes after it, on the next visit); item_2: its only one.
    expect(sent.map(({ commit }) => [commit.sco, commit.session_id, commit.seq])).toEqual([
      ['item_1', first, 2],
      ['item_2', second, 3],
    ]);
    queue.enqueue({ ...WHERE, session: second }, { location: 'fin' });
    expect(sent).toHaveLength(2);
    queue.enqueue({ ...WHERE, sco: 'item_2', session: second }, { location: 'b' });
    expect(sent.at(-1)).toMatchObject({ keepalive: true, commit: { sco: 'item_2', seq: 6, session_id: second } });
  });

  it('gives up on a commit the server refuses as malformed, without blocking the next ones', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { send, sent } = fakeSend({ ok: false, status: 400, message: 'cmi_data doit être un objet.' });
    const queue = queueOf(send);
    queue.enqueue(WHERE, { location: '1' });
    queue.enqueue(WHERE, { location: '2' });
    await queue.drain();
    expect(sent.map(({ commit }) => commit.seq)).toEqual([1, 2]);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('the SCORM commit queue facing refusals (the real transport, lib/retry-policy.ts)', () => {
  const race = () => new Response(JSON.stringify({ statusCode: 409, code: 'conflit_concurrent', message: 'Réessayez dans un instant.' }), { status: 409, headers: { 'content-type': 'application/json', 'retry-after': '3' } });
  const applied = () => json({ bool: true, outcome: 'applied', validated: false }, 201);
  const realQueue = () => new ScormCommitQueue({ send, student: 7, sessionId: 'cccccccc-0000-4000-8000-000000000003', storage: window.localStorage });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a commit refused for a race again after Retry-After, and acknowledges it', async () => {
    const answers = [race, race, applied];
    const { calls } = stubFetch(() => answers.shift()!());
    const queue = realQueue();
    queue.enqueue(WHERE, { location: 'p1' });
    await queue.drain();
    expect([calls.length, queue.state]).toEqual([1, { pending: 1, failing: true }]);
    // Retry-After says 3 s: not before.
    await vi.advanceTimersByTimeAsync(2_900);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls).toHaveLength(3);
    expect(calls.map((c) => (c.body as ScormCommit).seq)).toEqual([1, 1, 1]);
    expect(queue.state).toEqual({ pending: 0, failing: false });
  });

  it('sends a race again at most 5 times, then drops the commit with its message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls } = stubFetch(() => race());
    const queue = realQueue();
    queue.enqueue(WHERE, { location: 'p1' });
    await queue.drain();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(6);
    expect(queue.state).toEqual({ pending: 0, failing: false });
    expect(warn).toHaveBeenCalledWith('Envoi SCORM refusé (409) : Réessayez dans un instant.');
    warn.mockRestore();
  });

  it('keeps what a 503 or the network refused, honours Retry-After, and delivers it once the server is back', async () => {
    let down = true;
    let offline = true;
    const { calls } = stubFetch(() => {
      if (offline) return Promise.reject(new TypeError('Failed to fetch'));
      return down ? new Response(JSON.stringify({ statusCode: 503, message: 'Service momentanément indisponible.' }), { status: 503, headers: { 'retry-after': '20' } }) : applied();
    });
    const queue = realQueue();
    queue.enqueue(WHERE, { location: 'p1' });
    await queue.drain();
    expect(queue.state).toEqual({ pending: 1, failing: true });
    offline = false;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toHaveLength(2);
    // 503 with Retry-After: 20 s, longer than the queue's own 5 s: not sent before.
    await vi.advanceTimersByTimeAsync(19_000);
    expect(calls).toHaveLength(2);
    down = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(3);
    expect(queue.state).toEqual({ pending: 0, failing: false });
    expect(window.localStorage.getItem(pendingCommitsKey(7))).toBeNull();
  });

  it('drops at once a commit refused for good (another 409, a 400), showing why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answers = [() => json({ statusCode: 409, message: 'Conflit métier.' }, 409), () => json({ statusCode: 400, message: 'cmi_data doit être un objet.' }, 400)];
    const { calls } = stubFetch(() => answers.shift()!());
    const queue = realQueue();
    queue.enqueue(WHERE, { location: 'p1' });
    queue.enqueue(WHERE, { location: 'p2' });
    await queue.drain();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(2);
    expect(queue.state).toEqual({ pending: 0, failing: false });
    expect(warn.mock.calls.map(([m]) => m)).toEqual(['Envoi SCORM refusé (409) : Conflit métier.', 'Envoi SCORM refusé (400) : cmi_data doit être un objet.']);
    warn.mockRestore();
  });
});
