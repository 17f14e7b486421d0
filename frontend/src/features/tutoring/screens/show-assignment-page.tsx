import { Link } from 'react-router-dom';
import { PlusOutlined } from '@ant-design/icons';
import { LoadState, WorkPage } from '../../../components/work-page';
import { HomeworkList } from '../components/homework-list';
import { formatDay } from '../format';
import { messages as m } from '../messages';
import { useGetStudentHomeworkQuery } from '../tutoring-api';
import type { Homework } from '../tutoring-types';
import { useFollowedStudentName, useRouteConversation } from './route-conversation';
import '../tutoring.css';

const givenOn = (homework: Homework) =>
  [m.homework.givenOn(formatDay(homework.given_at)), homework.completed_at ? m.homework.doneOn(formatDay(homework.completed_at)) : null].filter(Boolean).join(', ');

/** /show-assignment/{student_id}/{teacher_id} (02 §2, §4): the homework given to a student, 'Terminé' or 'En attente'. */
export function ShowAssignmentPage() {
  const key = useRouteConversation();
  const name = useFollowedStudentName(key);
  const { data, isLoading, isError } = useGetStudentHomeworkQuery(key!, { skip: !key });
  return (
    <WorkPage
      title={m.homework.listTitle(name)}
      back={{ to: '/my-users', label: m.homework.backToStudents }}
      extra={
        key ? (
          <Link to={`/add-assignment/${key.studentId}/${key.teacherId}`} className="button-link">
            <PlusOutlined aria-hidden /> {m.homework.add}
          </Link>
        ) : null
      }
    >
      <LoadState loading={isLoading} failed={isError || !key} failure={m.homework.loadFailed} />
      {data?.length === 0 ? <p className="work-page__empty">{m.homework.listEmpty}</p> : null}
      {data?.length ? <HomeworkList items={data} meta={givenOn} /> : null}
    </WorkPage>
  );
}
