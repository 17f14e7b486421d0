import { StarFilled } from '@ant-design/icons';
import { messages as m } from './messages';

const FIVE = [0, 1, 2, 3, 4];

/**
 * Average rating out of 5 as stars plus its figure and the number of ratings. The stars are drawn,
 * not an antd Rate: a read-only Rate is a group of focusable radios inside this image, and it
 * brings antd's tooltips to every course list.
 */
export function RatingStars({
  value,
  count,
  size = 'small',
}: {
  value: number | null;
  count: number;
  size?: 'small' | 'large';
}) {
  const filled = `${(Math.min(5, Math.max(0, value ?? 0)) / 5) * 100}%`;
  return (
    <span className={`rating-stars rating-stars--${size}`} aria-label={m.ratingAria(value)} role="img">
      <span className="rating-stars__stars" aria-hidden>
        <span className="rating-stars__empty">
          {FIVE.map((i) => (
            <StarFilled key={i} />
          ))}
        </span>
        <span className="rating-stars__filled" style={{ width: filled }}>
          {FIVE.map((i) => (
            <StarFilled key={i} />
          ))}
        </span>
      </span>
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
