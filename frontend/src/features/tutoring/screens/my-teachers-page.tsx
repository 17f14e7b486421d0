import { Link } from 'react-router-dom';
import { Button } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { LoadState, WorkPage } from '../../../components/work-page';
import { useChatDialog } from '../components/chat-dialog';
import { UnreadBadge } from '../components/badges';
import { PersonCard, type Fact } from '../components/person-card';
import { messages as m } from '../messages';
import { useGetMyTeachersQuery } from '../tutoring-api';
import type { MyTeacher } from '../tutoring-types';
import { useStudentId } from '../use-ids';
import '../tutoring.css';

/** Only web addresses become links: a stored `javascript:` never does. */
const isWebLink = (url: string | null): url is string => Boolean(url && /^https?:\/\//i.test(url));

function teacherFacts(teacher: MyTeacher): Fact[] {
  const facts: Fact[] = [{ label: m.teachers.email, value: <a href={`mailto:${teacher.email}`}>{teacher.email}</a> }];
  if (teacher.telephone) facts.push({ label: m.teachers.phone, value: <a href={`tel:${teacher.telephone.replace(/\s+/g, '')}`}>{teacher.telephone}</a> });
  if (isWebLink(teacher.calendly)) {
    facts.push({
      label: m.teachers.calendly,
      value: (
        <a href={teacher.calendly} target="_blank" rel="noopener noreferrer" aria-label={m.teachers.calendlyOf(teacher.full_name)}>
          {m.teachers.calendly}
        </a>
      ),
    });
  }
  return facts;
}

/** /my-teachers (01 §2.4): one card per trainer who follows the student, each with its chat. */
export function MyTeachersPage() {
  const studentId = useStudentId();
  const { data, isLoading, isError } = useGetMyTeachersQuery(studentId ?? 0, { skip: !studentId });
  const { openChat, dialog } = useChatDialog('student');
  return (
    <WorkPage title={m.teachers.title}>
      <p className="work-page__context">{m.teachers.intro}</p>
      <LoadState loading={isLoading} failed={isError} failure={m.teachers.loadFailed} />
      {data?.length === 0 ? <p className="work-page__empty">{m.teachers.empty}</p> : null}
      {data?.length ? (
        <ul className="person-list">
          {data.map((teacher) => (
            <PersonCard
              key={teacher.id}
              name={teacher.full_name}
              heading={<Link to={`/teacher-detail/${teacher.id}`}>{teacher.full_name}</Link>}
              badges={<UnreadBadge count={teacher.unread} />}
              facts={teacherFacts(teacher)}
              actions={
                <Button icon={<MessageOutlined />} aria-label={m.teachers.chatWith(teacher.full_name)} onClick={() => studentId && openChat({ teacherId: teacher.id, studentId }, teacher.full_name)}>
                  {m.teachers.chat}
                </Button>
              }
            />
          ))}
        </ul>
      ) : null}
      {dialog}
    </WorkPage>
  );
}
