import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button, Tag } from 'antd';
import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { toast } from '../../../lib/feedback';
import { useAssignQuizMutation, useGetAssignStatusQuery, useGetQuizzesQuery, useUnassignQuizMutation } from '../assessment-api';
import type { Quiz } from '../assessment-types';
import { Pending, QuizPage, cut } from '../components/quiz-page';
import { useTrainerId } from '../components/use-trainer-id';
import { messages as m } from '../messages';

function AssignRow({ quiz, courseId, teacher }: { quiz: Quiz; courseId: number; teacher?: number }) {
  const status = useGetAssignStatusQuery({ quizId: quiz.id, courseId });
  const [assign] = useAssignQuizMutation();
  const [unassign] = useUnassignQuizMutation();
  const [busy, setBusy] = useState(false);
  const assigned = status.data === true;

  const change = async () => {
    setBusy(true);
    try {
      if (assigned) {
        await unassign({ quizId: quiz.id, courseId }).unwrap();
        toast('success', m.assign.removed, 2);
      } else {
        await assign({ quizId: quiz.id, courseId, teacher }).unwrap();
        toast('success', m.assign.done, 2);
      }
    } catch {
      toast('error', assigned ? m.assign.unassignFailed : m.assign.failed, 3);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="assign-list__item" data-testid={`assign-quiz-${quiz.id}`}>
      <div className="assign-list__text">
        <strong>{quiz.title}</strong>
        <span className="quiz-muted">
          {m.quizList.questionCount(quiz.total_questions)}
          {quiz.detail ? ` · ${cut(quiz.detail)}` : ''}
        </span>
      </div>
      <div className="assign-list__state">
        {status.isLoading ? (
          <span className="quiz-muted">{m.assign.checking}</span>
        ) : (
          <Tag className={assigned ? 'quiz-tag quiz-tag--done' : 'quiz-tag'}>{assigned ? m.assign.assigned : m.assign.notAssigned}</Tag>
        )}
        <Button
          type={assigned ? 'default' : 'primary'}
          icon={assigned ? undefined : <CheckOutlined />}
          loading={busy}
          disabled={status.isLoading}
          aria-label={assigned ? m.assign.unassignQuiz(quiz.title) : m.assign.assignQuiz(quiz.title)}
          onClick={() => void change()}
        >
          {assigned ? m.assign.unassign : m.assign.assign}
        </Button>
      </div>
    </li>
  );
}

/**
 * /assign-quiz/{course_id}: the trainer's quizzes, each assigned to the course or not (02 §2).
 * The course's title comes from the area, which knows where courses are read.
 */
export function AssignQuizPage({ courseTitle }: { courseTitle?: string }) {
  const courseId = Number(useParams().courseId);
  const teacher = useTrainerId();
  const { data, isLoading, error } = useGetQuizzesQuery();
  return (
    <QuizPage title={courseTitle ? m.assign.title(courseTitle) : m.assign.titleFallback} back={{ to: '/teacher-my-course', label: m.assign.backToCourses }}>
      <p className="quiz-page__context">{m.assign.intro}</p>
      <Pending loading={isLoading} error={error} />
      {data && data.length === 0 ? (
        <div className="quiz-empty">
          <p>{m.assign.empty}</p>
          <Link to="/add-quiz" className="button-link">
            <PlusOutlined aria-hidden /> {m.assign.createQuiz}
          </Link>
        </div>
      ) : null}
      {data?.length ? (
        <ul className="assign-list">
          {data.map((quiz) => (
            <AssignRow key={quiz.id} quiz={quiz} courseId={courseId} teacher={teacher} />
          ))}
        </ul>
      ) : null}
    </QuizPage>
  );
}
