import { useEffect, useState } from 'react';
import { api } from './api';

/** The media cookie lives a little longer than this: the session is renewed while a screen shows content. */
export const MEDIA_SESSION_RENEW_MS = 10 * 60 * 1000;

const mediaSessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /media-session/ (bearer, empty body) → 204: sets the HttpOnly cookie scoped to /media/. */
    openMediaSession: build.mutation<null, void>({
      query: () => ({ url: 'media-session/', method: 'POST' }),
    }),
  }),
});

export interface MediaSession {
  /** The cookie is set: videos, SCORM files and documents under /media/ will load. */
  ready: boolean;
  /** The first call failed: the screen shows its content anyway, and the media say what fails. */
  failed: boolean;
}

/**
 * Opens the media session before content is shown (preview, player, study documents) and renews
 * it every 10 minutes while the screen is open.
 */
export function useMediaSession(): MediaSession {
  const [open] = mediaSessionApi.useOpenMediaSessionMutation();
  const [state, setState] = useState<MediaSession>({ ready: false, failed: false });
  useEffect(() => {
    let alive = true;
    const renew = () =>
      open()
        .unwrap()
        .then(
          () => alive && setState({ ready: true, failed: false }),
          () => alive && setState((current) => (current.ready ? current : { ready: false, failed: true })),
        );
    void renew();
    const timer = window.setInterval(renew, MEDIA_SESSION_RENEW_MS);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [open]);
  return state;
}
