import { useEffect, useRef } from 'react';
import { PlayTracker } from './played-intervals';
import { loadVimeoApi, loadYouTubeApi, providerOf, withApi } from './provider-apis';
import type { VideoReport } from './tracked-video';

/** YouTube reports no played ranges: its position is read twice a second while it plays. */
const POLL_MS = 500;
const YT_PLAYING = 1;
const YT_ENDED = 0;

/**
 * An external video (YouTube, Vimeo) in its 700 px frame (01 §9), whose played ranges come from
 * the provider's player API: Vimeo's getPlayed() and timeupdate, YouTube's position while playing
 * (a jump is a seek). Without the API (no network), nothing is reported and the server's time
 * rule applies; "playing" is then what can be seen from here: the learner is in the player frame
 * (focus went into it) and the page is visible.
 */
export function TrackedEmbed({ embedUrl, title, onReport }: { embedUrl: string; title: string; onReport: (report: VideoReport) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const provider = providerOf(embedUrl);
  const src = withApi(embedUrl, provider);
  const report = useRef(onReport);
  report.current = onReport;

  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    const tracker = new PlayTracker();
    let alive = true;
    let api = false;
    let poll: number | undefined;
    const tell = (extra: VideoReport = {}) => report.current({ played: tracker.intervals(), watched: tracker.seconds(), ...extra });

    // Until (unless) an API answers: in the frame and visible counts as playing.
    const focusGuess = () => {
      if (!api) report.current({ playing: document.activeElement === iframe && document.visibilityState === 'visible' });
    };
    window.addEventListener('blur', focusGuess);
    window.addEventListener('focus', focusGuess);

    if (provider === 'youtube') {
      void loadYouTubeApi().then((YT) => {
        if (!alive || !YT) return;
        api = true;
        const player = new YT.Player(iframe, {
          events: {
            onStateChange: ({ data }) => {
              window.clearInterval(poll);
              if (data === YT_PLAYING) {
                tracker.at(player.getCurrentTime());
                poll = window.setInterval(() => {
                  tracker.at(player.getCurrentTime());
                  tell();
                }, POLL_MS);
                tell({ playing: true });
              } else {
                if (data === YT_ENDED) tracker.at(player.getDuration());
                tracker.cut();
                tell({ playing: false, saveNow: true });
              }
            },
          },
        });
      });
    } else if (provider === 'vimeo') {
      void loadVimeoApi().then((Vimeo) => {
        if (!alive || !Vimeo) return;
        api = true;
        const player = new Vimeo.Player(iframe);
        const ranges = () => player.getPlayed().then((played) => tracker.add(played), () => undefined);
        player.on('play', () => tell({ playing: true }));
        player.on('timeupdate', ({ seconds }) => {
          if (typeof seconds === 'number') tracker.at(seconds);
          tell();
        });
        player.on('seeked', () => tracker.cut());
        // Paused or ended: the provider's own ranges, then a save.
        const stopped = () => {
          tracker.cut();
          report.current({ playing: false });
          void ranges().then(() => tell({ saveNow: true }));
        };
        player.on('pause', stopped);
        player.on('ended', stopped);
      });
    }
    return () => {
      alive = false;
      window.clearInterval(poll);
      window.removeEventListener('blur', focusGuess);
      window.removeEventListener('focus', focusGuess);
      report.current({ playing: false });
    };
  }, [provider, src]);

  return (
    <iframe
      ref={frame}
      className="content-step__embed"
      src={src}
      title={title}
      allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      data-testid="step-embed"
    />
  );
}
