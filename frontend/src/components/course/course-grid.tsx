import { Button, Col, Empty, Row, Skeleton, Card } from 'antd';
import type { ReactNode } from 'react';
import { StatusMessage } from '../status';
import { CourseCard } from './course-card';
import type { CourseSummary } from './course-types';
import { messages as m } from './messages';

/**
 * Columns of a grid: four cards per row in a full-width page (01 §9); three beside a side menu
 * and for the home page's selection of three.
 */
export type GridWidth = 'full' | 'beside-menu' | 'home';

const COLUMNS: Record<GridWidth, { xs: number; sm: number; lg: number; xl: number }> = {
  full: { xs: 24, sm: 12, lg: 8, xl: 6 },
  'beside-menu': { xs: 24, sm: 12, lg: 12, xl: 8 },
  home: { xs: 24, sm: 12, lg: 8, xl: 8 },
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
      extra={onRetry ? <Button onClick={onRetry}>{m.retry}</Button> : null}
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
  const cols = COLUMNS[width];
  if (loading && !courses) {
    return (
      <Row gutter={[24, 24]} role="status" aria-label={m.loading}>
        {Array.from({ length: skeletons }, (_, index) => (
          <Col key={index} {...cols}>
            <Card className="course-card">
              <Skeleton.Node active className="course-card__skeleton-cover" />
              <Skeleton active paragraph={{ rows: 3 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }
  if (failed && !courses) return <LoadFailure onRetry={onRetry} />;
  if (!Array.isArray(courses) || courses.length === 0) {
    return <Empty className="course-grid__empty" description={empty} />;
  }
  return (
    <Row gutter={[24, 24]} className="course-grid" role="list">
      {courses.map((course) => (
        <Col key={course.id} {...cols} role="listitem">
          <CourseCard course={course} titleLevel={titleLevel} />
        </Col>
      ))}
    </Row>
  );
}
