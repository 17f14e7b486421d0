import { afterEach, describe, expect, it, vi } from 'vitest';
import { exposeScormApi, openScormBridge } from './scorm-bridge';

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
