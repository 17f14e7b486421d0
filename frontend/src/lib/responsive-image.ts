/**
 * The responsive copies the server makes of a course image at upload (backend
 * platform/storage/image-variants.ts: `<name>.w<width>.webp` beside the original, the same widths),
 * written as an `srcset` so a phone downloads the width it draws (docs/adr/0010, « Images »). An
 * image that is not an upload of ours (a demo's external address, a missing image) has none.
 */
const WIDTHS = [320, 640, 960, 1280] as const;
const ORIGINAL = /^(\/media\/courses\/[0-9a-f-]{36})\.(jpg|png|gif|webp)$/;

export function responsiveSrcSet(url: string | null | undefined): string | undefined {
  const match = url ? ORIGINAL.exec(url) : null;
  return match ? WIDTHS.map((width) => `${match[1]}.w${width}.webp ${width}w`).join(', ') : undefined;
}

/** The width a course card's image is drawn at, per the course grid's columns (styles.css, « Course grid »). */
export const COURSE_CARD_SIZES = '(min-width: 1200px) 25vw, (min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw';
