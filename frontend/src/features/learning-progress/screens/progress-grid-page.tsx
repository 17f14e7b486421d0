import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, Input, Select } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { LoadState, WorkPage } from '../../../components/work-page';
import { describeApiError } from '../../../lib/api-errors';
import { downloadWithSession } from '../../../lib/download';
import { usePagedSearch } from '../../../lib/use-paged-search';
import { ProgressGrid } from '../components/progress-grid';
import { gridExportPath, useGetProgressGridQuery, type GridSort, type GridStatus } from '../grid-api';
import { gridMessages as m } from '../grid-messages';

export type GridArea = 'trainer' | 'admin';

const positive = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** Where a learner's detail opens: the transcript's screen of the reader's area (evidence, ADR 0034). */
export const transcriptPathOf = (area: GridArea, course: number) => (student: number) =>
  area === 'trainer' ? `/enrolled-students/${course}/releve/${student}` : `/admin-student-detail/${student}/releve/${course}`;

/**
 * /teacher-progress/{course} (the course's trainer) and /admin-course-detail/{course}/progression
 * (admins): the course's progress grid, searched, filtered by state, sorted and paged on the
 * server, exported whole as .xlsx with the same filters.
 */
export function ProgressGridPage({ area }: { area: GridArea }) {
  const course = positive(useParams().courseId);
  const { typed, setTyped, search, page, setPage } = usePagedSearch();
  const [pageSize, setPageSize] = useState(20);
  const [sort, setSort] = useState<GridSort>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [status, setStatus] = useState<GridStatus | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const { data, error, isLoading, isFetching } = useGetProgressGridQuery(
    { course: course ?? 0, page, pageSize, sort, order, status, search: search || undefined },
    { skip: course === null },
  );
  const failure = error ? describeApiError(error) : null;
  const back = area === 'trainer' ? { to: '/teacher-my-course', label: m.back.trainer } : { to: `/admin-course-detail/${course}`, label: m.back.admin };
  const days = data?.inactive_after_days ?? 7;

  const exportGrid = async () => {
    if (course === null) return;
    setExporting(true);
    try {
      await downloadWithSession(gridExportPath({ course, sort, order, status, search: search || undefined }), `Progression_cours_${course}.xlsx`, { failed: m.exportFailed, done: m.exportDone });
    } finally {
      setExporting(false);
    }
  };

  return (
    <WorkPage
      title={data ? m.title(data.course_title) : m.pageTitle}
      documentTitle={m.pageTitle}
      back={back}
      testId="progress-grid-page"
      extra={
        data ? (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportGrid()}>
            {m.export}
          </Button>
        ) : undefined
      }
    >
      <LoadState loading={course !== null && isLoading} failed={Boolean(failure)} notFound={course === null || failure?.status === 404} failure={failure?.message ?? m.loadFailed} />
      {data ? (
        <>
          <p className="grid-intro">{m.intro}</p>
          <div className="grid-toolbar">
            <Input allowClear prefix={<SearchOutlined aria-hidden />} placeholder={m.search} aria-label={m.search} value={typed} onChange={(event) => setTyped(event.target.value)} />
            <Select<GridStatus | 'all'>
              aria-label={m.statusFilter}
              value={status ?? 'all'}
              onChange={(value) => {
                setStatus(value === 'all' ? undefined : value);
                setPage(1);
              }}
              options={[
                { value: 'all', label: m.statuses.all },
                { value: 'not_started', label: m.statuses.not_started },
                { value: 'in_progress', label: m.statuses.in_progress },
                { value: 'inactive', label: m.statuses.inactive(days) },
                { value: 'finished', label: m.statuses.finished },
              ]}
            />
            <span className="grid-toolbar__count" role="status" data-testid="grid-count">
              {m.count(data.count)}
            </span>
          </div>
          {data.steps.length === 0 ? <p className="grid-muted">{m.noSteps}</p> : null}
          <ProgressGrid
            steps={data.steps}
            rows={data.results}
            count={data.count}
            page={page}
            pageSize={pageSize}
            sort={sort}
            order={order}
            loading={isFetching}
            transcriptPath={transcriptPathOf(area, data.course_id)}
            onChange={(change) => {
              setSort(change.sort);
              setOrder(change.order);
              setPageSize(change.pageSize);
              setPage(change.page);
            }}
          />
        </>
      ) : null}
    </WorkPage>
  );
}
