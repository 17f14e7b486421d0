/**
 * Grey shimmering blocks standing for content that loads: an optional picture, a title line and
 * `lines` lines of text. Drawn in CSS, in place of antd's Skeleton, on the pages a visitor opens
 * first (docs/adr/0010).
 */
export function Placeholder({ lines = 3, image, className }: { lines?: number; image?: 'cover' | 'wide'; className?: string }) {
  return (
    <div className={className ? `placeholder ${className}` : 'placeholder'} aria-hidden>
      {image ? <div className={`placeholder__image placeholder__image--${image}`} /> : null}
      <div className="placeholder__line placeholder__line--title" />
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className="placeholder__line" />
      ))}
    </div>
  );
}
