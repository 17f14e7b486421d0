import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Avatar, Button, Table, type TableColumnsType } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useGetChaptersQuery, useGetCourseForEditQuery, useGetEnrolledStudentsQuery } from '../authoring-api';
import type { EnrolledStudent } from '../authoring-types';
import { AuthoringPage, EmptyText, LoadState } from '../components/authoring-page';
import { ScormTraceDrawer } from '../components/scorm-trace-drawer';
import { messages as m } from '../messages';

const columns: TableColumnsType<EnrolledStudent> = [
  {
    key: 'picture',
    title: m.enrolled.picture,
    width: 72,
    render: (_, { student }) => <Avatar src={student.profile_img || undefined} icon={<UserOutlined />} alt="" />,
  },
  { key: 'name', title: m.enrolled.name, render: (_, { student }) => student.fullname },
  { key: 'email', title: m.enrolled.email, render: (_, { student }) => <a href={`mailto:${student.email}`}>{student.email}</a> },
  { key: 'interests', title: m.enrolled.interests, responsive: ['md'], render: (_, { student }) => student.interseted_categories || '—' },
];

/** /enrolled-students/{course_id}: the students enrolled in one of the trainer's courses (02 §2). */
export function EnrolledStudentsPage() {
  const courseId = Number(useParams().courseId);
  const { data, isLoading, isError } = useGetEnrolledStudentsQuery(courseId, { skip: !courseId });
  const course = useGetCourseForEditQuery(courseId, { skip: !courseId });
  const chapters = useGetChaptersQuery(courseId, { skip: !courseId });
  const scormChapters = useMemo(() => (chapters.data ?? []).filter((c) => c.content_type === 'scorm'), [chapters.data]);
  const [traced, setTraced] = useState<EnrolledStudent['student'] | null>(null);
  const withTranscript = useMemo<TableColumnsType<EnrolledStudent>>(
    () => [
      ...columns,
      {
        key: 'transcript',
        title: m.enrolled.transcript,
        render: (_, { student }) => (
          <Link to={`/enrolled-students/${courseId}/releve/${student.id}`} aria-label={m.enrolled.transcriptOf(student.fullname)}>
            {m.enrolled.transcript}
          </Link>
        ),
      },
    ],
    [courseId],
  );
  const shown = useMemo<TableColumnsType<EnrolledStudent>>(
    () =>
      scormChapters.length === 0
        ? withTranscript
        : [
            ...withTranscript,
            {
              key: 'trace',
              title: m.enrolled.trace,
              render: (_, { student }) => (
                <Button size="small" onClick={() => setTraced(student)} aria-label={m.enrolled.traceOf(student.fullname)}>
                  {m.enrolled.trace}
                </Button>
              ),
            },
          ],
    [scormChapters.length, withTranscript],
  );
  return (
    <AuthoringPage
      title={course.data ? `${m.enrolled.title} : ${course.data.title}` : m.enrolled.title}
      back={{ to: '/teacher-my-course', label: m.chapters.backToCourses }}
      extra={<Link to={`/teacher-progress/${courseId}`}>{m.enrolled.grid}</Link>}
    >
      <LoadState loading={isLoading} failed={isError} failure={m.enrolled.loadFailed} />
      {data ? (
        <Table<EnrolledStudent> rowKey="id" columns={shown} dataSource={data} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: <EmptyText text={m.enrolled.empty} /> }} />
      ) : null}
      <ScormTraceDrawer course={courseId} student={traced} chapters={scormChapters} onClose={() => setTraced(null)} />
    </AuthoringPage>
  );
}
