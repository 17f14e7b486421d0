import { useState } from 'react';
import { Alert, Button, Select, Table, type TableColumnsType } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyText, WorkPage } from '../../../components/work-page';
import { describeApiError } from '../../../lib/api-errors';
import { SessionDialog } from './session-dialog';
import { useListSessionsQuery, useSessionCourseChoicesQuery, type SessionSummary } from './sessions-api';
import { sessionMessages as m } from './sessions-messages';
import { frenchDay } from '../../../lib/format';
import './sessions.css';

/** The course filter (kept in the address, `?course=`): the back office's courses, searched on the server. */
function CourseFilter({ value, onChange }: { value: number | undefined; onChange: (course: number | undefined) => void }) {
  const [search, setSearch] = useState('');
  const courses = useSessionCourseChoicesQuery(search);
  return (
    <Select<number>
      id="sessions-course-filter"
      allowClear
      aria-label={m.filterCourse}
      placeholder={m.allCourses}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={courses.isFetching}
      value={value}
      onChange={(course) => onChange(course ?? undefined)}
      options={(courses.data?.results ?? []).map((c) => ({ value: c.id, label: c.title }))}
      data-testid="sessions-course-filter"
    />
  );
}

/** /admin-sessions: the training sessions, the newest first, of every course or one; « Programmer une session ». */
export function AdminSessionsPage() {
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('course'));
  const course = Number.isInteger(chosen) && chosen > 0 ? chosen : undefined;
  const { data, error, isLoading } = useListSessionsQuery(course ? { course } : undefined);
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const failure = error ? describeApiError(error) : null;
  const columns: TableColumnsType<SessionSummary> = [
    { title: m.name, dataIndex: 'name', render: (name: string, s) => <Link to={`/admin-sessions/${s.id}`}>{name}</Link> },
    { title: m.course, dataIndex: 'course_title', responsive: ['md'] },
    { title: m.from, dataIndex: 'start_date', render: (day: string) => frenchDay(day) },
    { title: m.to, dataIndex: 'end_date', render: (day: string) => frenchDay(day) },
    { title: m.learners, dataIndex: 'learners', align: 'right' },
    { title: m.trainers, dataIndex: 'trainers', align: 'right', responsive: ['sm'] },
  ];
  return (
    <WorkPage title={m.title} testId="admin-sessions" extra={<Button type="primary" onClick={() => setAdding(true)}>{m.add}</Button>}>
      <p className="sessions-intro">{m.intro}</p>
      <div className="sessions-filters">
        <CourseFilter value={course} onChange={(next) => setParams(next ? { course: String(next) } : {}, { replace: true })} />
      </div>
      {failure ? <Alert type="error" showIcon title={failure.message ?? m.loadFailed} role="alert" /> : null}
      <Table rowKey="id" loading={isLoading} columns={columns} dataSource={data ?? []} pagination={false} locale={{ emptyText: <EmptyText text={m.none} /> }} />
      {adding ? (
        <SessionDialog
          onClose={(createdId) => {
            setAdding(false);
            if (createdId !== undefined) void navigate(`/admin-sessions/${createdId}`);
          }}
        />
      ) : null}
    </WorkPage>
  );
}
