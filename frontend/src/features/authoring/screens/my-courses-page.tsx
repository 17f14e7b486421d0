import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Input, Table, Tooltip, type TableColumnsType } from 'antd';
import { BarChartOutlined, EditOutlined, EyeOutlined, FileTextOutlined, OrderedListOutlined, PlusOutlined, QuestionCircleOutlined, TeamOutlined } from '@ant-design/icons';
import { useAppSelector } from '../../../lib/hooks';
import { useGetTrainerCoursesQuery } from '../authoring-api';
import type { TrainerCourse } from '../authoring-types';
import { AuthoringPage, EmptyText, LoadState } from '../components/authoring-page';
import { durationColumn, imageColumn, titleColumn } from '../components/course-columns';
import { PublicationControl } from '../components/publication';
import { messages as m } from '../messages';

const normalise = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

function CourseActions({ course }: { course: TrainerCourse }) {
  const links = [
    { to: `/course-preview/${course.id}`, label: m.myCourses.preview, icon: <EyeOutlined /> },
    { to: `/study-material/${course.id}`, label: m.myCourses.documents, icon: <FileTextOutlined /> },
    { to: `/all-chapters/${course.id}`, label: m.myCourses.structure, icon: <OrderedListOutlined /> },
    { to: `/enrolled-students/${course.id}`, label: m.myCourses.enrolled, icon: <TeamOutlined /> },
    // The course's progress grid (issue 28 item 1).
    { to: `/teacher-progress/${course.id}`, label: m.myCourses.progress, icon: <BarChartOutlined /> },
    { to: `/assign-quiz/${course.id}`, label: m.myCourses.quizzes, icon: <QuestionCircleOutlined /> },
    { to: `/edit-course/${course.id}`, label: m.common.edit, icon: <EditOutlined /> },
  ];
  return (
    <nav className="row-actions" aria-label={m.myCourses.actionsOf(course.title)}>
      {links.map((link) => (
        <Tooltip key={link.to} title={link.label}>
          <Link to={link.to} className="row-actions__link" aria-label={`${link.label} : ${course.title}`}>
            {link.icon}
            <span className="row-actions__text">{link.label}</span>
          </Link>
        </Tooltip>
      ))}
    </nav>
  );
}

/** /teacher-my-course: the trainer's courses, searched by title (02 §2). */
export function TeacherMyCoursesPage() {
  const teacherId = useAppSelector((state) => state.auth.teacherId) ?? '';
  const { data, isLoading, isError } = useGetTrainerCoursesQuery(teacherId, { skip: !teacherId });
  const [search, setSearch] = useState('');
  const courses = useMemo(() => {
    const term = normalise(search.trim());
    return (data ?? []).filter((course) => !term || normalise(course.title).includes(term));
  }, [data, search]);

  const columns: TableColumnsType<TrainerCourse> = [
    imageColumn(),
    titleColumn(),
    { key: 'rating', title: m.myCourses.rating, width: 72, render: (_, course) => m.myCourses.ratingValue(course.course_rating) },
    { key: 'chapters', title: m.myCourses.chapters, dataIndex: 'chapter_count', width: 90, align: 'center', responsive: ['sm'] },
    durationColumn((course) => course.total_duration, 'reading', ['sm']),
    { key: 'status', title: m.myCourses.status, width: 150, render: (_, course) => <PublicationControl course={course} /> },
    { key: 'actions', title: m.common.actions, render: (_, course) => <CourseActions course={course} /> },
  ];

  return (
    <AuthoringPage
      title={m.myCourses.title}
      extra={
        <Link to="/add-course" className="button-link">
          <PlusOutlined aria-hidden /> {m.myCourses.newCourse}
        </Link>
      }
    >
      <Input.Search
        className="authoring-search"
        aria-label={m.myCourses.search}
        placeholder={m.myCourses.searchPlaceholder}
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <LoadState loading={isLoading} failed={isError} />
      {data ? (
        <Table<TrainerCourse>
          rowKey="id"
          columns={columns}
          dataSource={courses}
          pagination={false}
          size="middle"
          scroll={{ x: 640 }}
          locale={{ emptyText: <EmptyText text={data.length ? m.myCourses.noMatch : m.myCourses.empty} /> }}
        />
      ) : null}
    </AuthoringPage>
  );
}
