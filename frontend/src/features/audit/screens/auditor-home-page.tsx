import { useState } from 'react';
import { Alert, Button, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { SessionList } from '../../../components/session-select/session-select';
import { EmptyText } from '../../../components/work-page';
import { describeApiError } from '../../../lib/api-errors';
import { usePageTitle } from '../../../lib/hooks';
import { useGetAuditCoursesQuery, useGetAuditLearnersQuery, useGetAuditMeQuery, useGetAuditSessionsQuery, type AuditCourseView, type AuditLearnerView } from '../audit-api';
import { frenchDay } from '../format';
import { auditMessages as m } from '../messages';

function Learners({ course }: { course: AuditCourseView }) {
  const [session, setSession] = useState<number | undefined>(undefined);
  const { data, error, isFetching } = useGetAuditLearnersQuery({ course: course.id, session });
  const sessions = useGetAuditSessionsQuery(course.id);
  const failure = error ? describeApiError(error) : null;
  const columns: TableColumnsType<AuditLearnerView> = [
    {
      title: m.learner,
      dataIndex: 'fullname',
      render: (name: string, learner) => (
        <Space wrap>
          <Link to={`/auditeur/cours/${course.id}/apprenants/${learner.id}`}>{name}</Link>
          {learner.closed ? <Tag className="audit-tag audit-tag--muted">{m.closed}</Tag> : null}
        </Space>
      ),
    },
    { title: m.enrolledAt, dataIndex: 'enrolled_at', render: (at: string | null) => (at ? frenchDay(at.slice(0, 10)) : '—'), responsive: ['sm'] },
  ];
  return (
    <Card title={m.learnersOf(course.title)} className="audit-card" data-testid="audit-learners">
      {sessions.data?.length ? (
        <div className="audit-filter">
          <SessionList value={session} onChange={setSession} sessions={sessions.data} loading={sessions.isFetching} label={m.session} placeholder={m.allSessions} testId="audit-session" />
        </div>
      ) : null}
      {failure ? <Alert type="error" showIcon title={failure.message ?? m.loadFailed} role="alert" /> : null}
      <Table
        rowKey="id"
        size="small"
        loading={isFetching}
        columns={columns}
        dataSource={failure ? [] : (data ?? [])}
        pagination={false}
        locale={{ emptyText: <EmptyText text={session ? m.noSessionLearners : m.noLearners} /> }}
      />
    </Card>
  );
}

/** /auditeur: the mission (organisation, end date, scope), the courses of the scope and their learners. */
export function AuditorHomePage() {
  usePageTitle(m.homeTitle);
  const me = useGetAuditMeQuery();
  const courses = useGetAuditCoursesQuery();
  const [open, setOpen] = useState<AuditCourseView | null>(null);
  const failure = me.error ? describeApiError(me.error) : courses.error ? describeApiError(courses.error) : null;
  const columns: TableColumnsType<AuditCourseView> = [
    {
      title: m.course,
      dataIndex: 'title',
      render: (title: string, course) => (
        <Space wrap>
          <span>{title}</span>
          {course.status === 'draft' ? <Tag>{m.draft}</Tag> : null}
          {course.archived_at ? <Tag>{m.archived}</Tag> : null}
        </Space>
      ),
    },
    { title: m.learners, dataIndex: 'learners', width: 110 },
    {
      title: <span className="visually-hidden">{m.showLearners}</span>,
      key: 'open',
      width: 170,
      render: (_, course) => (
        <Button onClick={() => setOpen(course)} aria-label={`${m.showLearners} — ${course.title}`}>
          {m.showLearners}
        </Button>
      ),
    },
  ];
  return (
    <div className="audit-page" data-testid="auditor-home">
      <Space orientation="vertical" size="large" className="audit-stack">
        <div>
          <Typography.Title level={1}>{m.homeTitle}</Typography.Title>
          {me.data ? (
            <>
              <Typography.Paragraph>{m.mission(me.data.organisation, frenchDay(me.data.ends_on))}</Typography.Paragraph>
              <Typography.Paragraph>{me.data.all_courses ? m.scopeAll : m.scopeCourses(me.data.course_ids.length)}</Typography.Paragraph>
            </>
          ) : null}
          <Typography.Paragraph type="secondary">{m.readOnly}</Typography.Paragraph>
          <Link to="/auditeur/deconnexion">{m.logout}</Link>
        </div>
        {failure ? <Alert type="error" showIcon title={failure.message ?? m.loadFailed} role="alert" /> : null}
        <Card title={m.courses} className="audit-card">
          <Table rowKey="id" loading={courses.isLoading} columns={columns} dataSource={courses.data ?? []} pagination={false} locale={{ emptyText: <EmptyText text={m.noCourses} /> }} scroll={courses.data?.length ? { x: true } : undefined} />
        </Card>
        {open ? <Learners key={open.id} course={open} /> : null}
      </Space>
    </div>
  );
}
