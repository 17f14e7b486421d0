import { useParams } from 'react-router-dom';
import { Avatar, Table, type TableColumnsType } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useGetCourseForEditQuery, useGetEnrolledStudentsQuery } from '../authoring-api';
import type { EnrolledStudent } from '../authoring-types';
import { AuthoringPage, EmptyText, LoadState } from '../components/authoring-page';
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
  return (
    <AuthoringPage title={course.data ? `${m.enrolled.title} : ${course.data.title}` : m.enrolled.title} back={{ to: '/teacher-my-course', label: m.chapters.backToCourses }}>
      <LoadState loading={isLoading} failed={isError} failure={m.enrolled.loadFailed} />
      {data ? (
        <Table<EnrolledStudent> rowKey="id" columns={columns} dataSource={data} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: <EmptyText text={m.enrolled.empty} /> }} />
      ) : null}
    </AuthoringPage>
  );
}
