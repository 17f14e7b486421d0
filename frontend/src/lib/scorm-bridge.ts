/**
 * The player's side of the SCORM bridge (docs/adr/0025-scorm-content-origin.md). The package runs
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

/**
 * Calls go to the API offered when the bridge opened (or, if none was yet, to the one offered at
 * its first call), whatever is offered later: a SCO's last calls never reach the next one's API.
 */
const delegateTo = (offered: ScormApi | null): Record<string, unknown> => {
  let api = offered;
  return new Proxy(
    {},
    {
      get: (_target, name: string | symbol) => {
        api ??= current;
        const target = api as Record<string, unknown> | null;
        const method = typeof name === 'string' ? target?.[name] : undefined;
        if (typeof method !== 'function') return undefined;
        return (...args: unknown[]) => (method as (...a: unknown[]) => unknown).apply(target, args);
      },
    },
  );
};

interface CrossFrameLms {
  destroy: () => void;
  _onMessage(event: MessageEvent): void;
}
type CrossFrameLmsClass = new (api: unknown, targetOrigin: string, options?: { rateLimit?: number }) => CrossFrameLms;

/**
 * Listens to one package frame (`frame()`, its window) of `contentOrigin` (never '*': a message
 * from any other origin or window is ignored, and answers are posted to that origin only), for the
 * API offered when it opens (none in the authoring preview). Returns the function that stops it.
 */
export async function openScormBridge(contentOrigin: string, frame: () => Window | null): Promise<() => void> {
  const api = current;
  // The ES module exports the class by name; the package's typings declare a default export.
  const { CrossFrameLMS } = (await import('scorm-again/cross-frame-lms')) as unknown as { CrossFrameLMS: CrossFrameLmsClass };
  // CrossFrameLMS checks the origin only: a closing frame's bridge and the next frame's are both
  // open for a while, each must answer its own frame alone.
  class OneFrameLms extends CrossFrameLMS {
    override _onMessage(event: MessageEvent): void {
      if (event.source === null || event.source !== frame()) return;
      super._onMessage(event);
    }
  }
  // Real packages (Storyline, iSpring) set dozens of values at once; the bridge adds a read-back per call.
  const lms = new OneFrameLms(delegateTo(api), new URL(contentOrigin).origin, { rateLimit: 2000 });
  return () => lms.destroy();
}

/**
 * How long the player waits for a package's last calls when it unloads it (ADR 0025): the launch
 * page answers as soon as the package's frame has unloaded; a page that never answers (still
 * loading, a `beforeunload` prompt) does not hold the learner longer than this.
 */
export const UNLOAD_WAIT_MS = 3000;

let unloadCounter = 0;

/**
 * Asks a launch page (`frame`, of `origin`) to unload its package and waits for its answer (at most
 * `wait` ms). The launch page navigates the package's frame to about:blank, so the package's own
 * beforeunload/pagehide/unload handlers run while the launch page is still there to forward their
 * calls (LMSSetValue, LMSFinish/Terminate); it answers once they have run. Messages of one window
 * arrive in order: when the answer comes, the bridge has already handed every one of those calls to
 * the run-time.
 */
export function unloadPackage(frame: Window, origin: string, wait = UNLOAD_WAIT_MS): Promise<void> {
  unloadCounter += 1;
  const id = `unload-${Date.now()}-${unloadCounter}`;
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('message', answer);
      window.clearTimeout(timer);
      resolve();
    };
    const answer = (event: MessageEvent) => {
      const data = event.data as { lmsUnloaded?: unknown } | null;
      if (event.source === frame && event.origin === origin && data?.lmsUnloaded === id) done();
    };
    window.addEventListener('message', answer);
    const timer = window.setTimeout(done, wait);
    try {
      frame.postMessage({ lmsUnload: id }, origin);
    } catch {
      done();
    }
  });
}

/** The package frames on screen, each with the way to unload its package. */
const unloaders = new Set<() => Promise<void>>();

/** A frame's unloader, registered while it is on screen; the function returned takes it back. */
export function registerPackageUnload(unload: () => Promise<void>): () => void {
  unloaders.add(unload);
  return () => {
    unloaders.delete(unload);
  };
}

/**
 * Runs `then` once every package frame on screen has unloaded its package and its last calls have
 * reached the run-time (each bounded by UNLOAD_WAIT_MS): at once when there is none. The player
 * calls it before it moves to another SCO or step, so that the frame is torn down only after the
 * package's unload handlers have been heard.
 */
export function afterPackagesUnloaded(then: () => void): void {
  if (unloaders.size === 0) {
    then();
    return;
  }
  void Promise.all([...unloaders].map((unload) => unload().catch(() => undefined))).then(then);
}
