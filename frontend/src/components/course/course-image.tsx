import { useState } from 'react';
import { responsiveSrcSet } from '../../lib/responsive-image';

/**
 * A course image in 16:9, from its responsive copies when the server has them (lib/responsive-image.ts).
 * A copy that fails (not made yet) falls back to the original; an original that fails to the
 * placeholder. `priority` is for the one image a page shows first and largest: fetched first,
 * never lazily (its LCP).
 */
export function CourseImage({
  src,
  sizes,
  priority = false,
  className,
  placeholderClassName,
}: {
  src: string | null | undefined;
  sizes: string;
  priority?: boolean;
  className?: string;
  placeholderClassName: string;
}) {
  // A failure belongs to the image that failed: another course's image (the same component reused
  // by the route, a replaced image) starts again from its copies.
  const [failure, setFailure] = useState<{ of: string | null | undefined; stage: 'original' | 'failed' } | null>(null);
  const stage = failure && failure.of === src ? failure.stage : 'copies';
  const srcSet = stage === 'copies' ? responsiveSrcSet(src) : undefined;
  if (!src || stage === 'failed') return <span className={placeholderClassName} />;
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={1280}
      height={720}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailure({ of: src, stage: srcSet ? 'original' : 'failed' })}
    />
  );
}
