import { InboxOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Placeholder } from '../placeholder';
import { StatusMessage } from '../status';
import { CourseCard } from './course-card';
import type { CourseSummary } from './course-types';
import { messages as m } from './messages';

/**
 * Columns of a grid (styles.css, `.course-grid--…`): four cards per row in a full-width page
 * (01 §9); three beside a side menu and for the home page's selection of three.
 */
export type GridWidth = 'full' | 'beside-menu' | 'home';

/** The width each grid draws a card's image at, per its columns. */
const IMAGE_SIZES: Record<GridWidth, string | undefined> = {
  full: undefined,
  'beside-menu': undefined,
  home: '(min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw',
};

/** Shown in place of a list that could not load: the failure itself is only logged (01 §8). */
export function LoadFailure({ onRetry, title = m.loadFailedTitle, text = m.loadFailed }: {
  onRetry?: () => void;
  title?: string;
  text?: string;
}) {
  return (
    <StatusMessage
      kind="failure"
      title={title}
      text={text}
      extra={
        onRetry ? (
          <button type="button" className="button" onClick={onRetry}>
            {m.retry}
          </button>
        ) : null
      }
    />
  );
}

export function CourseGrid({
  courses,
  loading = false,
  failed = false,
  onRetry,
  empty = m.empty,
  width = 'full',
  titleLevel = 2,
  skeletons = 4,
}: {
  courses: CourseSummary[] | undefined;
  loading?: boolean;
  failed?: boolean;
  onRetry?: () => void;
  /** What an empty list says (a sentence, or a node with a link). */
  empty?: ReactNode;
  width?: GridWidth;
  titleLevel?: 2 | 3;
  skeletons?: number;
}) {
  const grid = `course-grid course-grid--${width}`;
  if (loading && !courses) {
    return (
      <div className={grid} role="status" aria-label={m.loading}>
        {Array.from({ length: skeletons }, (_, index) => (
          <div key={index} className="course-card">
            <Placeholder image="cover" className="course-card__body" />
          </div>
        ))}
      </div>
    );
  }
  if (failed && !courses) return <LoadFailure onRetry={onRetry} />;
  if (!Array.isArray(courses) || courses.length === 0) {
    return (
      <div className="course-grid__empty">
        <InboxOutlined aria-hidden className="course-grid__empty-icon" />
        <p>{empty}</p>
      </div>
    );
  }
  return (
    <ul className={grid}>
      {courses.map((course, index) => (
        <li key={course.id}>
          {/* A list's first image is the page's largest content, except on the home page, below its hero. */}
          <CourseCard course={course} titleLevel={titleLevel} imageSizes={IMAGE_SIZES[width]} priority={index === 0 && width !== 'home'} />
        </li>
      ))}
    </ul>
  );
}
