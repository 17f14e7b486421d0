import type { ReactNode } from 'react';
import { CourseGrid } from './course-grid';
import type { CoursePage } from '../../lib/api-schema';
import { COURSE_PAGE_SIZE } from './course-types';
import { Pager } from './pager';
import { useLogFailure } from './use-log-failure';

/** A paged course list: the grid of cards and the Previous/Next pager under it. */
export function PagedCourses({
  data,
  isLoading,
  isFetching,
  error,
  refetch,
  page,
  onPage,
  empty,
  what,
}: {
  data?: CoursePage;
  isLoading: boolean;
  isFetching?: boolean;
  error?: unknown;
  refetch: () => void;
  page: number;
  onPage: (page: number) => void;
  empty?: ReactNode;
  /** Named in the console when the list fails to load. */
  what: string;
}) {
  useLogFailure(error, what);
  return (
    <div
      className={isFetching && !isLoading ? 'paged-courses is-fetching' : 'paged-courses'}
      aria-busy={Boolean(isFetching)}
      data-testid="paged-courses"
    >
      <CourseGrid
        courses={data?.results}
        loading={isLoading}
        failed={Boolean(error)}
        onRetry={refetch}
        empty={empty}
        skeletons={COURSE_PAGE_SIZE / 2}
      />
      {data ? (
        <Pager
          page={page}
          count={data.count}
          pageSize={COURSE_PAGE_SIZE}
          hasPrevious={Boolean(data.previous)}
          hasNext={Boolean(data.next)}
          onChange={onPage}
        />
      ) : null}
    </div>
  );
}
