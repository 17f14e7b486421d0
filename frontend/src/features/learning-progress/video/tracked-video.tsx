import { useEffect, useRef } from 'react';
import { PlayTracker, type Interval } from './played-intervals';

/** What a video step tells the player: whether it plays, and the seconds played so far. */
export interface VideoReport {
  playing?: boolean;
  played?: readonly Interval[];
  /** Unique seconds played. */
  watched?: number;
  /** A moment worth saving at once: paused, ended, the validating share reached. */
  saveNow?: boolean;
}

/**
 * An uploaded video (HTML5 <video>) whose played seconds are recorded from `timeupdate` between
 * seeks: a seek, a pause or the end closes an interval, so seeking to the end adds only what is
 * played there. Reports go to the player, which saves them with its beats, at once when `share` of
 * the duration (the server's rule, GET /progress-rules/) is reached; without it (the rules not
 * read yet) only pauses and the end save at once.
 */
export function TrackedVideo({ src, title, share, onReport }: { src: string; title: string; share?: number; onReport: (report: VideoReport) => void }) {
  const tracker = useRef(new PlayTracker());
  const reached = useRef(false);
  const report = useRef(onReport);
  report.current = onReport;

  const tell = (video: HTMLVideoElement, extra: VideoReport = {}) => {
    const played = tracker.current.intervals();
    const watched = tracker.current.seconds();
    const threshold = share !== undefined && Number.isFinite(video.duration) && video.duration > 0 && watched >= video.duration * share && !reached.current;
    if (threshold) reached.current = true;
    report.current({ played, watched, ...extra, saveNow: extra.saveNow || threshold });
  };

  useEffect(() => () => report.current({ playing: false }), []);

  return (
    <video
      className="content-step__video"
      controls
      preload="metadata"
      src={src}
      aria-label={title}
      data-testid="step-video"
      onPlaying={(event) => tell(event.currentTarget, { playing: true })}
      onTimeUpdate={(event) => {
        const video = event.currentTarget;
        if (!video.paused && !video.seeking) tracker.current.at(video.currentTime);
        tell(video);
      }}
      onSeeking={() => tracker.current.cut()}
      onPause={(event) => {
        tracker.current.cut();
        tell(event.currentTarget, { playing: false, saveNow: true });
      }}
      onEnded={(event) => {
        const video = event.currentTarget;
        tracker.current.at(video.duration);
        tracker.current.cut();
        tell(video, { playing: false, saveNow: true });
      }}
    />
  );
}
