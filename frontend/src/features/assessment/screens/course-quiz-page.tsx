import { Link, useParams } from 'react-router-dom';
import { CheckCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useAppSelector } from '../../../lib/hooks';
import { useGetAttemptStatusQuery, useGetCourseQuizzesQuery, useGetQuizResultQuery } from '../assessment-api';
import type { AssignedQuiz } from '../assessment-types';
import { Pending, QuizPage } from '../components/quiz-page';
import { messages as m } from '../messages';

/**
 * 'Lancer le Quiz' only when the attempt-status check says the student may (01 §4); else where they
 * stand: finished (their result offered), or not open yet (a quiz step whose earlier steps are not
 * all validated, issue 22: the current attempt is not complete, yet the server says no).
 */
function QuizLaunch({ quiz, courseId, studentId }: { quiz: AssignedQuiz; courseId: number; studentId: string }) {
  const status = useGetAttemptStatusQuery({ quizId: quiz.id, studentId }, { refetchOnMountOrArgChange: true });
  const result = useGetQuizResultQuery({ quizId: quiz.id, studentId }, { skip: status.data !== false, refetchOnMountOrArgChange: true });
  const target = `/take-quiz/${quiz.id}?course=${courseId}`;
  if (quiz.total_questions === 0) return <span className="quiz-muted">{m.student.noQuestions}</span>;
  if (status.isLoading || (status.data === false && result.isLoading)) return <span className="quiz-muted">{m.student.checking}</span>;
  if (status.data) {
    return (
      <Link to={target} className="button-link" aria-label={m.student.launchQuiz(quiz.title)}>
        <PlayCircleOutlined aria-hidden /> {m.student.launch}
      </Link>
    );
  }
  const done = result.data ? result.data.total_questions > 0 && result.data.total_attempted_questions >= result.data.total_questions : true;
  if (!done) return <span className="quiz-muted">{m.student.locked}</span>;
  return (
    <span className="course-quiz__done">
      <span className="quiz-muted">
        <CheckCircleOutlined aria-hidden /> {m.student.finished}
      </span>
      <Link to={target} className="button-link button-link--ghost" aria-label={m.student.seeResultOf(quiz.title)}>
        {m.student.seeResult}
      </Link>
    </span>
  );
}

/** /course-quiz/{course_id}: the quizzes assigned to a course the student follows (01 §2.4). */
export function CourseQuizPage() {
  const courseId = Number(useParams().courseId);
  const studentId = useAppSelector((state) => state.auth.studentId) ?? '';
  const { data, isLoading, error } = useGetCourseQuizzesQuery(courseId, { skip: !courseId });
  return (
    <QuizPage title={m.student.courseTitle}>
      <Pending loading={isLoading} error={error} failure={m.student.loadFailed} />
      {data && data.length === 0 ? <p className="quiz-empty">{m.student.empty}</p> : null}
      {data?.length ? (
        <ul className="course-quiz">
          {data.map((quiz) => (
            <li key={quiz.id} className="course-quiz__item" data-testid={`course-quiz-${quiz.id}`}>
              <div className="course-quiz__text">
                <h2 className="course-quiz__title">{quiz.title}</h2>
                <span className="quiz-muted">{m.student.questionCount(quiz.total_questions)}</span>
              </div>
              <QuizLaunch quiz={quiz} courseId={courseId} studentId={studentId} />
            </li>
          ))}
        </ul>
      ) : null}
    </QuizPage>
  );
}
