import { afterEach, describe, expect, it, vi } from 'vitest';
import { exposeScormApi, openScormBridge } from './scorm-bridge';

const CONTENT = 'http://127.0.0.1:3000';

/** A message as the launch page's CrossFrameAPI posts it, from `origin`; the answer is what it gets back. */
async function ask(origin: string, method: string, params: unknown[] = []): Promise<unknown[]> {
  const answers: unknown[] = [];
  const source = { postMessage: (data: unknown, target: string) => answers.push([data, target]) };
  window.dispatchEvent(new MessageEvent('message', { data: { messageId: `m-${method}`, method, params }, origin, source: source as unknown as Window }));
  await vi.waitFor(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return answers;
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
    close = await openScormBridge(CONTENT);
    expect(await ask(CONTENT, 'LMSGetValue', ['cmi.core.lesson_location'])).toEqual([[{ messageId: 'm-LMSGetValue', result: '3' }, CONTENT]]);
    // Any other origin, the app's own included, is ignored.
    expect(await ask('http://localhost:3000', 'LMSGetValue', ['cmi.core.lesson_location'])).toEqual([]);
    expect(await ask('https://evil.example', 'LMSGetValue', ['cmi.core.lesson_location'])).toEqual([]);
    // Only the SCORM methods: nothing else of the API can be called.
    const [[refused]] = (await ask(CONTENT, 'loadFromJSON', [{}])) as [[{ error?: { message: string } }]];
    expect(refused.error?.message).toMatch(/not allowed/);
    // The runtime gone: no API answers any more.
    withdraw();
    const [[none]] = (await ask(CONTENT, 'LMSGetValue', ['cmi.core.lesson_location'])) as [[{ result?: unknown; error?: unknown }]];
    expect(none.result).toBeUndefined();
    expect(none.error).toBeDefined();
  });

  it('stops answering once closed', async () => {
    exposeScormApi({ LMSInitialize: () => 'true' });
    const stop = await openScormBridge(CONTENT);
    stop();
    expect(await ask(CONTENT, 'LMSInitialize', [''])).toEqual([]);
  });
});
