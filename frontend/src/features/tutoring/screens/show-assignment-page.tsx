import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { LoadState, WorkPage } from '../../../components/work-page';
import { GradeHomeworkDialog } from '../components/grade-homework-dialog';
import { HomeworkList } from '../components/homework-list';
import { formatDay } from '../format';
import { messages as m } from '../messages';
import { useGetStudentHomeworkQuery } from '../tutoring-api';
import type { Homework } from '../tutoring-types';
import { useFollowedStudentName, useRouteConversation } from './route-conversation';
import '../tutoring.css';

const givenOn = (homework: Homework) =>
  [m.homework.givenOn(formatDay(homework.given_at)), homework.completed_at ? m.homework.doneOn(formatDay(homework.completed_at)) : null].filter(Boolean).join(', ');

/**
 * /show-assignment/{student_id}/{teacher_id} (02 §2, §4): the homework given to a student, 'Terminé' or 'En attente',
 * the work handed in, and « Noter » once something is handed in or marked done (docs/adr/0044).
 */
export function ShowAssignmentPage() {
  const key = useRouteConversation();
  const name = useFollowedStudentName(key);
  const { data, isLoading, isError } = useGetStudentHomeworkQuery(key!, { skip: !key });
  const [grading, setGrading] = useState<Homework | null>(null);
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
      {data?.length ? (
        <HomeworkList
          items={data}
          meta={givenOn}
          action={(homework) =>
            homework.student_status || homework.submissions.length ? (
              <Button
                icon={<EditOutlined aria-hidden />}
                aria-label={m.homework.gradeOf(homework.grade === null ? m.homework.grade : m.homework.regrade, homework.title)}
                onClick={() => setGrading(homework)}
              >
                {homework.grade === null ? m.homework.grade : m.homework.regrade}
              </Button>
            ) : null
          }
        />
      ) : null}
      {grading && key ? <GradeHomeworkDialog homework={grading} conversation={key} onClose={() => setGrading(null)} /> : null}
    </WorkPage>
  );
}
