import { Rate } from 'antd';
import { messages as m } from './messages';

/** Average rating out of 5 as stars plus its figure and the number of ratings. */
export function RatingStars({
  value,
  count,
  size = 'small',
}: {
  value: number | null;
  count: number;
  size?: 'small' | 'large';
}) {
  return (
    <span className={`rating-stars rating-stars--${size}`} aria-label={m.ratingAria(value)} role="img">
      <Rate disabled allowHalf value={value ?? 0} className="rating-stars__stars" />
      {value === null ? (
        <span className="rating-stars__text" aria-hidden>
          {m.notRated}
        </span>
      ) : (
        <span className="rating-stars__text" aria-hidden>
          <strong>{m.ratingOutOf5(value)}</strong> {m.ratingCount(count)}
        </span>
      )}
    </span>
  );
}
