import { useState } from 'react';
import { Alert, Button, Table, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { EmptyText, WorkPage } from '../../../components/work-page';
import { describeApiError } from '../../../lib/api-errors';
import { SessionDialog } from './session-dialog';
import { useListSessionsQuery, type SessionSummary } from './sessions-api';
import { sessionMessages as m } from './sessions-messages';
import { frenchDay } from '../../../lib/format';
import './sessions.css';

/** /admin-sessions: the training sessions, the newest first; « Programmer une session ». */
export function AdminSessionsPage() {
  const { data, error, isLoading } = useListSessionsQuery();
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
