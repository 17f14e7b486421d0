import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Input, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { errorDialog } from '../../../lib/feedback';
import { PersonAvatar } from '../../../components/avatar';
import { SessionSelect } from '../../../components/session-select/session-select';
import { Panel } from '../../../components/panel';
import { WorkPage } from '../../../components/work-page';
import { PROGRESS_PAGE_SIZE, useGetStudentsProgressQuery, type StudentProgressRow } from '../admin-api';
import { AdminProgressBar, hhmmss } from '../components/admin-progress-bar';
import { usePagedSearch } from '../../../lib/use-paged-search';
import { PageNumbers } from '../components/page-numbers';
import { ExportStatus } from '../components/export-status';
import { useExportDownload } from '../components/use-export-download';
import { messages as m } from '../messages';
import '../administration.css';

const dateOf = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('fr-FR') : '-');

/** The export URLs (docs/administration.md): every matching student, a date range, a session, one student. */
export const progressExportPath = (filter: { search?: string; start_date?: string; end_date?: string; session?: number }) => {
  const params = new URLSearchParams(Object.entries(filter).filter(([, v]) => v).map(([k, v]) => [k, String(v)]));
  const query = params.toString();
  return `admin/exports/progress/${query ? `?${query}` : ''}`;
};
export const studentProgressExportPath = (studentId: number) => `admin/exports/progress/${studentId}/`;

/**
 * /admin-stat-dashboard-user, 'Suivi de progression' (03 §2): the students with their courses,
 * progress and total time, searched (debounced) and filtered by entry date, 5 per page from the
 * server; exports built by the server over every matching student, with what has arrived shown
 * while one runs, every export and paging control disabled meanwhile.
 */
export function ProgressTrackingPage() {
  const { typed, setTyped, search, page, setPage } = usePagedSearch();
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [session, setSession] = useState<number | undefined>(undefined);
  const download = useExportDownload();
  const exporting = download.state.running !== null;

  const { data, isLoading, isFetching, error } = useGetStudentsProgressQuery({ search, start_date: startDate || undefined, end_date: endDate || undefined, session, page });
  const rows = data?.results ?? [];
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / PROGRESS_PAGE_SIZE));

  const exportRange = () => {
    if (!startDate || !endDate) return errorDialog(m.progress.rangeTitle, m.progress.rangeMissing);
    if (endDate < startDate) return errorDialog(m.progress.rangeTitle, m.progress.rangeOrder);
    void download.start('range', progressExportPath({ search, start_date: startDate, end_date: endDate, session }), `Progression_${startDate}_to_${endDate}.xlsx`);
  };

  const columns: TableColumnsType<StudentProgressRow> = [
    {
      key: 'student',
      title: m.progress.student,
      width: 170,
      render: (_, row) => (
        <div className="progress-student">
          <PersonAvatar name={row.fullname || row.username} size={36} />
          <div>
            <div className="progress-student__name progress-line" title={row.fullname || row.username}>
              {row.fullname || row.username}
            </div>
            <div className="progress-student__username progress-line" title={`@${row.username}`}>
              @{row.username}
            </div>
          </div>
        </div>
      ),
    },
    // One line per e-mail and at most two for the course list at 1280 px (issue 30): the rest ends in « … »,
    // whole in the tooltip.
    {
      key: 'contact',
      title: m.progress.contact,
      width: 150,
      className: 'progress-col--lg',
      render: (_, row) => (
        <span className="progress-email progress-line" title={row.email}>
          {row.email}
        </span>
      ),
    },
    { key: 'registered', title: m.progress.registered, width: 100, className: 'progress-col--md', render: (_, row) => dateOf(row.date_entree) },
    {
      key: 'courses',
      title: m.progress.courses,
      className: 'progress-col--md',
      // Issue 28: each course with the learner's own percentage in it, leading to that course's grid.
      render: (_, row) =>
        row.course_progress.length ? (
          <ul className="progress-course-figures" aria-label={m.progress.coursesOf(row.fullname || row.username)}>
            {row.course_progress.map((c) => (
              // Read as « 85 % Agilité »; shown with the title above (column-reverse), shortened with « … » when narrow.
              <li key={c.course_id}>
                <span className="progress-course-figures__percent">
                  {m.progress.coursePercent(c.percentage)}
                  {c.completed ? <span className="visually-hidden"> {m.progress.courseCompleted}</span> : null}
                </span>{' '}
                <Link to={`/admin-course-detail/${c.course_id}/progression`} title={m.progress.courseGridOf(c.title)}>
                  {c.title}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <span className="progress-muted">{m.progress.none}</span>
        ),
    },
    { key: 'progress', title: m.progress.progression, width: 130, render: (_, row) => <AdminProgressBar percent={row.progress_percentage} label={m.progress.progressOf(row.fullname || row.username)} /> },
    { key: 'time', title: m.progress.totalTime, width: 84, className: 'progress-col--sm', render: (_, row) => <span className="progress-time">{hhmmss(row.total_time_spent_seconds)}</span> },
    {
      key: 'export',
      title: <span className="visually-hidden">{m.progress.export}</span>,
      width: 56,
      render: (_, row) => (
        <Button
          icon={<DownloadOutlined />}
          aria-label={m.progress.exportRow(row.fullname || row.username)}
          title={m.progress.exportRow(row.fullname || row.username)}
          disabled={exporting}
          loading={download.state.running === `row-${row.id}`}
          onClick={() => void download.start(`row-${row.id}`, studentProgressExportPath(row.id), `Progression_${row.username}.xlsx`)}
        />
      ),
    },
  ];

  let list;
  if (isLoading) list = <p className="progress-loading" role="status">{m.progress.loading}</p>;
  else if (error && !data) list = <p className="progress-muted" role="alert">{m.progress.loadFailed}</p>;
  else if (rows.length === 0) {
    list = (
      <div className="progress-empty" role="status">
        <p className="progress-empty__title">{m.progress.emptyTitle}</p>
        <p className="progress-muted">{m.progress.emptyText}</p>
      </div>
    );
  } else {
    list = <Table<StudentProgressRow> rowKey="id" columns={columns} dataSource={rows} pagination={false} loading={isFetching} size="middle" tableLayout="fixed" data-testid="progress-table" />;
  }

  const received = download.state;
  return (
    <WorkPage title={m.progress.title} testId="progress-tracking-page">
      <p className="progress-intro">{m.progress.intro}</p>
      <div className="progress-top">
        <div className="progress-counter" data-testid="progress-counter">
          <strong>{rows.length}</strong> {m.progress.counter(rows.length).replace(/^\d+ /, '')}
          {data ? <span className="progress-muted"> · {m.progress.total(data.count)}</span> : null}
        </div>
        <Input
          className="progress-search"
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={m.progress.search}
          aria-label={m.progress.searchLabel}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>

      <Panel title={m.progress.exportCard} titleAs="h2" className="progress-export" testId="progress-export">
        <div className="progress-export__row">
          <div>
            <Button icon={<DownloadOutlined />} disabled={exporting} loading={received.running === 'all'} onClick={() => void download.start('all', progressExportPath({ search, session }), 'Progression_Etudiants.xlsx')}>
              {m.progress.exportAll}
            </Button>
            <p className="progress-muted progress-export__hint">{m.progress.exportAllHint}</p>
          </div>
          <div className="progress-export__range">
            <label>
              <span>{m.progress.startDate}</span>
              <input type="date" value={startDate} disabled={exporting} onChange={(event) => { setStartDate(event.target.value); setPage(1); }} />
            </label>
            <label>
              <span>{m.progress.endDate}</span>
              <input type="date" value={endDate} disabled={exporting} onChange={(event) => { setEndDate(event.target.value); setPage(1); }} />
            </label>
            <label>
              <span>{m.progress.session}</span>
              <SessionSelect
                value={session}
                onChange={(next) => {
                  setSession(next);
                  setPage(1);
                }}
                id="progress-session"
                label={m.progress.session}
                placeholder={m.progress.sessionPlaceholder}
                testId="progress-session"
              />
            </label>
            <Button type="primary" icon={<DownloadOutlined />} disabled={exporting} loading={received.running === 'range'} onClick={exportRange}>
              {m.progress.exportRange}
            </Button>
          </div>
        </div>
        <p className="progress-muted progress-export__hint">{m.progress.exportRangeHint}</p>
        <ExportStatus state={received} />
      </Panel>

      <section className="progress-list" aria-labelledby="progress-list-title">
        <h2 id="progress-list-title" className="progress-list__title">
          {m.progress.listTitle}
        </h2>
        {list}
        <PageNumbers page={page} pages={pages} pageSize={PROGRESS_PAGE_SIZE} disabled={exporting} onChange={setPage} />
      </section>
    </WorkPage>
  );
}
