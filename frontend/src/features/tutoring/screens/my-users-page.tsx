import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'antd';
import { FileTextOutlined, MessageOutlined, NotificationOutlined } from '@ant-design/icons';
import { formatDuration } from '../../../components/course';
import { LoadState, WorkPage } from '../../../components/work-page';
import { useChatDialog } from '../components/chat-dialog';
import { GroupMessageDialog } from '../components/group-message-dialog';
import { UnreadBadge } from '../components/badges';
import { PersonCard, type Fact } from '../components/person-card';
import { messages as m } from '../messages';
import { useGetFollowedStudentsQuery, useGetResponseTimesQuery } from '../tutoring-api';
import type { FollowedStudent } from '../tutoring-types';
import { useTeacherId } from '../use-ids';
import '../tutoring.css';

function studentFacts(student: FollowedStudent): Fact[] {
  return [
    { label: m.students.email, value: <a href={`mailto:${student.email}`}>{student.email}</a> },
    {
      label: m.students.phone,
      value: student.telephone ? <a href={`tel:${student.telephone.replace(/\s+/g, '')}`}>{student.telephone}</a> : m.students.noPhone,
    },
    { label: m.students.pending, value: student.pending_assignments },
  ];
}

/** The trainer's reply delays (issue 10 §4): what the Qualiopi audit will ask them about. */
function ResponseTimesLine({ teacherId }: { teacherId: number }) {
  const { data } = useGetResponseTimesQuery(teacherId);
  if (!data) return null;
  return (
    <section className="response-times" aria-label={m.students.responseTimes}>
      <dl className="response-times__figures">
        {data.median_seconds === null ? (
          <div>
            <dt>{m.students.median}</dt>
            <dd>{m.students.noReplyYet}</dd>
          </div>
        ) : (
          <>
            <div>
              <dt>{m.students.median}</dt>
              <dd>{formatDuration(data.median_seconds)}</dd>
            </div>
            {data.p90_seconds !== null ? (
              <div>
                <dt>{m.students.p90}</dt>
                <dd>{formatDuration(data.p90_seconds)}</dd>
              </div>
            ) : null}
          </>
        )}
      </dl>
      {data.awaiting_reply ? <p className="response-times__awaiting">{m.students.awaiting(data.awaiting_reply)}</p> : null}
    </section>
  );
}

/** /my-users, 'Mes etudiants' (02 §2): the students the trainer follows, a chat with each, a message to all, their homework. */
export function MyUsersPage() {
  const teacherId = useTeacherId();
  const { data, isLoading, isError } = useGetFollowedStudentsQuery(teacherId ?? 0, { skip: !teacherId });
  const { openChat, dialog } = useChatDialog('formateur');
  const [groupOpen, setGroupOpen] = useState(false);
  return (
    <WorkPage
      title={m.students.title}
      extra={
        data?.length ? (
          <Button type="primary" icon={<NotificationOutlined />} onClick={() => setGroupOpen(true)}>
            {m.students.groupMessage}
          </Button>
        ) : null
      }
    >
      {data ? <p className="work-page__context">{m.students.count(data.length)}</p> : null}
      {teacherId ? <ResponseTimesLine teacherId={teacherId} /> : null}
      <LoadState loading={isLoading} failed={isError} failure={m.students.loadFailed} />
      {data?.length === 0 ? <p className="work-page__empty">{m.students.empty}</p> : null}
      {data?.length ? (
        <ul className="person-list">
          {data.map((student) => (
            <PersonCard
              key={student.id}
              name={student.fullname}
              badges={<UnreadBadge count={student.unread} />}
              facts={studentFacts(student)}
              actions={
                <>
                  <Button icon={<MessageOutlined />} aria-label={m.students.messageTo(student.fullname)} onClick={() => teacherId && openChat({ teacherId, studentId: student.id }, student.fullname)}>
                    {m.students.message}
                  </Button>
                  <Link to={`/show-assignment/${student.id}/${teacherId}`} className="button-link button-link--outline" aria-label={m.students.homeworkOf(student.fullname)}>
                    <FileTextOutlined aria-hidden /> {m.students.homework}
                  </Link>
                </>
              }
            />
          ))}
        </ul>
      ) : null}
      {dialog}
      {teacherId && data ? <GroupMessageDialog open={groupOpen} teacherId={teacherId} recipients={data.length} onClose={() => setGroupOpen(false)} /> : null}
    </WorkPage>
  );
}
