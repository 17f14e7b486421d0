import { useEffect, useState } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** Follows the visitor's "reduce motion" setting, live. */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia?.(QUERY).matches ?? false);
  useEffect(() => {
    const media = window.matchMedia?.(QUERY);
    if (!media) return undefined;
    const onChange = () => setReduced(media.matches);
    media.addEventListener?.('change', onChange);
    return () => media.removeEventListener?.('change', onChange);
  }, []);
  return reduced;
}

export const HERO_MEDIA = {
  webm: '/hero/hero.webm',
  mp4: '/hero/hero.mp4',
  poster: '/hero/hero-poster.jpg',
} as const;

/**
 * The home page's full-screen background video (01 §2.3): muted, looping, decorative. With
 * "reduce motion" only its poster is shown and the video is not even requested.
 */
export function HeroVideo() {
  const reduced = usePrefersReducedMotion();
  return (
    <div className="hero__backdrop" aria-hidden>
      {reduced ? (
        <img className="hero__media" src={HERO_MEDIA.poster} alt="" data-testid="hero-poster" />
      ) : (
        <video
          className="hero__media"
          autoPlay
          muted
          loop
          playsInline
          preload="auto"
          poster={HERO_MEDIA.poster}
          data-testid="hero-video"
        >
          <source src={HERO_MEDIA.webm} type="video/webm" />
          <source src={HERO_MEDIA.mp4} type="video/mp4" />
        </video>
      )}
      <div className="hero__overlay" />
    </div>
  );
}
