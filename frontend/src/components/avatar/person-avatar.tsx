import { useState } from 'react';

/** Initials for an avatar: first letters of the first two words, else the first two letters. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  return (words[0] ?? 'UN').slice(0, 2).toUpperCase();
}

/**
 * A person's photo in a circle, or their initials (white on the brand's dark shade, 5.9:1) when
 * there is none or it fails to load. Decorative unless `alt` is given: the name is always written
 * beside it.
 */
export function PersonAvatar({
  src,
  name,
  size,
  alt,
  className,
  letters,
}: {
  src?: string | null;
  name: string | null | undefined;
  size: number;
  alt?: string;
  className?: string;
  /** What the circle shows instead of the initials, where a screen says otherwise. */
  letters?: string;
}) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.max(11, Math.round(size * 0.42)) };
  const classes = className ? `person-avatar ${className}` : 'person-avatar';
  if (src && !failed) {
    return <img className={classes} style={style} src={src} alt={alt ?? ''} onError={() => setFailed(true)} />;
  }
  return (
    <span className={classes} style={style} aria-hidden={alt ? undefined : true} role={alt ? 'img' : undefined} aria-label={alt}>
      {letters ?? initials(name)}
    </span>
  );
}
