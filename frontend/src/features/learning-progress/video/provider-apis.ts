/**
 * The YouTube IFrame API and the Vimeo Player API, loaded from their providers when an external
 * video step is shown. When a script cannot load (no network, blocked), the player reports no
 * played range and the server falls back to the step's active time (docs/learning-progress.md).
 */

export interface YouTubePlayer {
  getCurrentTime(): number;
  getDuration(): number;
  destroy(): void;
}

interface YouTubeNamespace {
  Player: new (
    element: HTMLIFrameElement,
    options: { events: { onReady?: () => void; onStateChange?: (event: { data: number }) => void } },
  ) => YouTubePlayer;
  PlayerState?: { PLAYING: number; PAUSED: number; ENDED: number; BUFFERING: number };
}

export interface VimeoPlayer {
  on(event: string, callback: (data: { seconds?: number; duration?: number }) => void): void;
  getPlayed(): Promise<[number, number][]>;
  destroy?(): Promise<void>;
}

interface VimeoNamespace {
  Player: new (element: HTMLIFrameElement) => VimeoPlayer;
}

declare global {
  interface Window {
    YT?: YouTubeNamespace;
    Vimeo?: VimeoNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

export const YOUTUBE_API = 'https://www.youtube.com/iframe_api';
export const VIMEO_API = 'https://player.vimeo.com/api/player.js';
/** How long a provider's script may take before the step goes on without it. */
const LOAD_TIMEOUT_MS = 8_000;

const loading = new Map<string, Promise<boolean>>();

/** Adds the script once; true once `ready()` holds, false on an error or after the timeout. */
function loadScript(src: string, ready: () => boolean, onReadyHook?: (resolve: () => void) => void): Promise<boolean> {
  if (ready()) return Promise.resolve(true);
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<boolean>((resolve) => {
      const timer = window.setTimeout(() => resolve(ready()), LOAD_TIMEOUT_MS);
      const done = (value: boolean) => {
        window.clearTimeout(timer);
        resolve(value);
      };
      onReadyHook?.(() => done(true));
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => {
        if (ready()) done(true);
      };
      script.onerror = () => done(false);
      document.head.appendChild(script);
    }).then((ok) => {
      // A failed load may be tried again on the next video step.
      if (!ok) loading.delete(src);
      return ok;
    });
    loading.set(src, promise);
  }
  return promise;
}

export function loadYouTubeApi(): Promise<YouTubeNamespace | null> {
  const ready = () => typeof window.YT?.Player === 'function';
  return loadScript(YOUTUBE_API, ready, (resolve) => {
    // The API announces itself through this global; one set before is called too.
    const before = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      before?.();
      resolve();
    };
  }).then((ok) => (ok ? window.YT! : null));
}

export function loadVimeoApi(): Promise<VimeoNamespace | null> {
  return loadScript(VIMEO_API, () => typeof window.Vimeo?.Player === 'function').then((ok) => (ok ? window.Vimeo! : null));
}

export type Provider = 'youtube' | 'vimeo' | null;

export function providerOf(embedUrl: string): Provider {
  try {
    const host = new URL(embedUrl).hostname.replace(/^www\./, '');
    if (host === 'youtube.com' || host === 'youtube-nocookie.com') return 'youtube';
    if (host === 'player.vimeo.com') return 'vimeo';
  } catch {
    return null;
  }
  return null;
}

/** The embed address with what the provider's API needs (YouTube: enablejsapi and the page's origin). */
export function withApi(embedUrl: string, provider: Provider): string {
  if (provider !== 'youtube') return embedUrl;
  const url = new URL(embedUrl);
  url.searchParams.set('enablejsapi', '1');
  url.searchParams.set('origin', window.location.origin);
  return url.toString();
}
