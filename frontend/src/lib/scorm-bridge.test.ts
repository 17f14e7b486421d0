import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPackagesUnloaded, exposeScormApi, openScormBridge, registerPackageUnload, unloadPackage } from './scorm-bridge';

const CONTENT = 'http://127.0.0.1:3000';

/** The package frame's window, and another window of the same origin. */
const answers: unknown[][] = [];
const frameWindow = { postMessage: (data: unknown, target: string) => answers.push([data, target]) } as unknown as Window;
const otherWindow = { postMessage: (data: unknown, target: string) => answers.push([data, target]) } as unknown as Window;
const frame = () => frameWindow;

/** A message as the launch page's CrossFrameAPI posts it, from `origin`; the answer is what it gets back. */
async function ask(origin: string, method: string, params: unknown[] = [], source: Window = frameWindow): Promise<unknown[]> {
  answers.length = 0;
  window.dispatchEvent(new MessageEvent('message', { data: { messageId: `m-${method}`, method, params }, origin, source }));
  await vi.waitFor(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return [...answers];
}

let close: (() => void) | null = null;
afterEach(() => {
  close?.();
  close = null;
});

describe('the SCORM bridge', () => {
  it('answers the content origin only, to it only, with the API of the SCO being played', async () => {
    const api = { LMSGetValue: (element: string) => (element === 'cmi.core.lesson_location' ? '3' : '') };
    const withdraw = exposeScormApi(api);
    close = await openScormBridge(CONTENT, frame);
    expect(await ask(CONTENT, 'LMSGetValue', ['cmi.core.lesson_location'])).toEqual([[{ messageId: 'm-LMSGetValue', result: '3' }, CONTENT]]);
    // Another window of the content origin (a frame of a previous SCO, a popup): ignored.
    expect(await ask(CONTENT, 'LMSGetValue', ['cmi.core.lesson_location'], otherWindow)).toEqual([]);
    // Any other origin, the app's own included, is ignored.
    expect(await ask('http://localhost:3000', 'LMSGetValue', ['cmi.core.lesson_location'])).toEqual([]);
    expect(await ask('https://evil.example', 'LMSGetValue', ['cmi.core.lesson_location'])).toEqual([]);
    // Only the SCORM methods: nothing else of the API can be called.
    const [[refused]] = (await ask(CONTENT, 'loadFromJSON', [{}])) as [[{ error?: { message: string } }]];
    expect(refused.error?.message).toMatch(/not allowed/);
    // The next SCO's runtime takes over: this frame's last messages still go to its own SCO's API.
    withdraw();
    exposeScormApi({ LMSGetValue: () => 'autre SCO' });
    expect(await ask(CONTENT, 'LMSGetValue', ['cmi.core.lesson_location'])).toEqual([[{ messageId: 'm-LMSGetValue', result: '3' }, CONTENT]]);
  });

  it('asks the launch page to unload its package and waits for its answer, which follows the package\'s last calls', async () => {
    const calls: string[] = [];
    const withdraw = exposeScormApi({ LMSSetValue: (element: string, value: string) => calls.push(`${element}=${value}`) && 'true', LMSFinish: () => calls.push('LMSFinish') && 'true' });
    close = await openScormBridge(CONTENT, frame);
    answers.length = 0;
    let done = false;
    const unloaded = unloadPackage(frameWindow, CONTENT, 60_000).then(() => {
      done = true;
    });
    // The request goes to the launch page, to the content origin only.
    const [[request, target]] = answers as [[{ lmsUnload: string }, string]];
    expect([typeof request.lmsUnload, target]).toEqual(['string', CONTENT]);
    // The package's unload handler calls, then the launch page answers: in that order, as messages of one window arrive.
    const post = (data: unknown, source: Window = frameWindow, origin = CONTENT) => window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    post({ messageId: 'm-1', method: 'LMSSetValue', params: ['cmi.core.lesson_location', 'sortie'] });
    post({ messageId: 'm-2', method: 'LMSFinish', params: [''] });
    // An answer from another window or origin, or to another request, is not this one.
    post({ lmsUnloaded: request.lmsUnload }, otherWindow);
    post({ lmsUnloaded: request.lmsUnload }, frameWindow, 'https://evil.example');
    post({ lmsUnloaded: 'une-autre-demande' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(false);
    post({ lmsUnloaded: request.lmsUnload });
    await unloaded;
    expect(calls).toEqual(['cmi.core.lesson_location=sortie', 'LMSFinish']);
    withdraw();
  });

  it('does not wait longer than its bound for a launch page that never answers, and not at all when no package is on screen', async () => {
    vi.useFakeTimers();
    try {
      let done = false;
      void unloadPackage(otherWindow, CONTENT, 3000).then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(2900);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    let now = false;
    afterPackagesUnloaded(() => {
      now = true;
    });
    expect(now).toBe(true);
    let release: () => void = () => undefined;
    const unregister = registerPackageUnload(() => new Promise<void>((resolve) => (release = resolve)));
    let later = false;
    afterPackagesUnloaded(() => {
      later = true;
    });
    await Promise.resolve();
    expect(later).toBe(false);
    release();
    await vi.waitFor(() => expect(later).toBe(true));
    unregister();
  });

  it('answers no API when none is offered (the authoring preview)', async () => {
    exposeScormApi({})();
    close = await openScormBridge(CONTENT, frame);
    const [[none]] = (await ask(CONTENT, 'LMSInitialize', [''])) as [[{ result?: unknown; error?: unknown }]];
    expect(none.result).toBeUndefined();
    expect(none.error).toBeDefined();
  });

  it('stops answering once closed', async () => {
    exposeScormApi({ LMSInitialize: () => 'true' });
    const stop = await openScormBridge(CONTENT, frame);
    stop();
    expect(await ask(CONTENT, 'LMSInitialize', [''])).toEqual([]);
  });
});
