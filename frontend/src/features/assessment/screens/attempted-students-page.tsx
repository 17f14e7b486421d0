import { useParams } from 'react-router-dom';
import { Table, Tag, type TableColumnsType } from 'antd';
import { formatDuration } from '../../../components/course';
import { useGetAttemptsQuery, useGetQuizQuery } from '../assessment-api';
import type { QuizAttempt } from '../assessment-types';
import { Pending, QuizPage } from '../components/quiz-page';
import { messages as m } from '../messages';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

const columns: TableColumnsType<QuizAttempt> = [
  {
    key: 'student',
    title: m.attempts.student,
    render: (_, { student }) => (
      <div className="quiz-cell">
        <strong>{student.fullname}</strong>
        <a href={`mailto:${student.email}`} className="quiz-cell__detail">
          {student.email}
        </a>
      </div>
    ),
  },
  { key: 'attempt', title: m.attempts.attempt, dataIndex: 'attempt', width: 100, align: 'center' },
  {
    key: 'score',
    title: m.attempts.score,
    width: 140,
    align: 'center',
    render: (_, attempt) => <span className="nowrap">{m.attempts.scoreValue(attempt.total_correct_questions, attempt.total_questions)}</span>,
  },
  {
    key: 'answered',
    title: m.attempts.answered,
    width: 110,
    align: 'center',
    responsive: ['md'],
    render: (_, attempt) => `${attempt.total_attempted_questions} / ${attempt.total_questions}`,
  },
  { key: 'started', title: m.attempts.startedAt, width: 150, responsive: ['lg'], render: (_, attempt) => dateTime.format(new Date(attempt.started_at)) },
  { key: 'duration', title: m.attempts.duration, width: 120, render: (_, attempt) => (attempt.duration_seconds === null ? '—' : <span className="nowrap">{formatDuration(attempt.duration_seconds, 'admin')}</span>) },
  {
    key: 'status',
    title: m.attempts.status,
    width: 110,
    render: (_, attempt) => (attempt.completed_at ? <Tag className="quiz-tag quiz-tag--done">{m.attempts.completed}</Tag> : <Tag className="quiz-tag">{m.attempts.inProgress}</Tag>),
  },
];

/** Each student's attempts together, the first attempt first. */
const byStudentThenAttempt = (a: QuizAttempt, b: QuizAttempt) => a.student.fullname.localeCompare(b.student.fullname, 'fr') || a.student.id - b.student.id || a.attempt - b.attempt;

/** /attempted-students/{quiz_id}: who took the quiz, each attempt's score and the time it took (02 §2). */
export function AttemptedStudentsPage() {
  const quizId = Number(useParams().quizId);
  const quiz = useGetQuizQuery(quizId, { skip: !quizId });
  const { data, isLoading, error } = useGetAttemptsQuery(quizId, { skip: !quizId });
  return (
    <QuizPage title={quiz.data ? m.attempts.title(quiz.data.title) : m.attempts.titleFallback} back={{ to: '/quiz', label: m.attempts.backToQuizzes }}>
      <Pending loading={isLoading} error={error} failure={m.attempts.loadFailed} />
      {data ? (
        <Table<QuizAttempt>
          rowKey="id"
          columns={columns}
          dataSource={[...data].sort(byStudentThenAttempt)}
          pagination={false}
          size="middle"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <span className="quiz-muted">{m.attempts.empty}</span> }}
        />
      ) : null}
    </QuizPage>
  );
}
