/**
 * The player's side of the SCORM bridge (docs/adr/0027-scorm-content-origin.md). The package runs
 * on the content origin, another host: it cannot reach this window, and this window's run-time API
 * is offered to it by postMessage only. scorm-again's CrossFrameLMS answers the launch page's
 * CrossFrameAPI, accepting messages from the content origin alone and answering to it alone; the
 * calls go to the API of the SCO being played (the runtime puts it here), and to none when no
 * runtime is running (the authoring preview).
 */

/** The SCORM 1.2 or 2004 API object of the SCO being played (scorm-again's). */
type ScormApi = object;

let current: ScormApi | null = null;

/** Offers `api` to the package frame; the function returned takes it back (if it is still the one offered). */
export function exposeScormApi(api: ScormApi): () => void {
  current = api;
  return () => {
    if (current === api) current = null;
  };
}

/** The API now offered, for tests. */
export const exposedScormApi = (): ScormApi | null => current;

/** Calls go to the API offered at the time of each call: a new SCO's runtime takes over without a new bridge. */
const delegate: Record<string, unknown> = new Proxy(
  {},
  {
    get: (_target, name: string | symbol) => {
      if (typeof name !== 'string') return undefined;
      const api = current as Record<string, unknown> | null;
      const method = api?.[name];
      if (typeof method !== 'function') return undefined;
      return (...args: unknown[]) => (method as (...a: unknown[]) => unknown).apply(api, args);
    },
  },
);

interface CrossFrameLms {
  destroy: () => void;
}
type CrossFrameLmsClass = new (api: unknown, targetOrigin: string, options?: { rateLimit?: number }) => CrossFrameLms;

/**
 * Listens to the package frames of `contentOrigin` (never '*': a message from any other origin is
 * ignored, and answers are posted to that origin only). Returns the function that stops it.
 */
export async function openScormBridge(contentOrigin: string): Promise<() => void> {
  // The ES module exports the class by name; the package's typings declare a default export.
  const { CrossFrameLMS } = (await import('scorm-again/cross-frame-lms')) as unknown as { CrossFrameLMS: CrossFrameLmsClass };
  // Real packages (Storyline, iSpring) set dozens of values at once; the bridge adds a read-back per call.
  const lms = new CrossFrameLMS(delegate, new URL(contentOrigin).origin, { rateLimit: 2000 });
  return () => lms.destroy();
}
