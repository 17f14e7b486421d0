import { useParams } from 'react-router-dom';
import { Table, Tag, type TableColumnType, type TableColumnsType } from 'antd';
import { formatDuration } from '../../../components/course';
import { useGetAttemptsQuery, useGetQuizQuery } from '../assessment-api';
import type { QuizAttempt } from '../assessment-types';
import { Pending, QuizPage } from '../components/quiz-page';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { messages as m } from '../messages';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

const duration = (attempt: QuizAttempt) =>
  attempt.duration_seconds === null ? '—' : <span className="nowrap">{formatDuration(attempt.duration_seconds, 'admin')}</span>;

/** Completed, or in progress with how many questions are answered. */
const status = (attempt: QuizAttempt) =>
  attempt.completed_at ? (
    <Tag className="quiz-tag quiz-tag--done">{m.attempts.completed}</Tag>
  ) : (
    <span className="quiz-cell__status">
      <Tag className="quiz-tag">{m.attempts.inProgress}</Tag>
      <span className="quiz-cell__detail">{m.take.answered(attempt.total_attempted_questions, attempt.total_questions)}</span>
    </span>
  );

/** The student, and on a phone the attempt's number, state and time under them. */
const studentColumn = (narrow: boolean): TableColumnType<QuizAttempt> => ({
  key: 'student',
  title: m.attempts.student,
  render: (_, attempt) => (
    <div className="quiz-cell">
      <strong>{attempt.student.fullname}</strong>
      <a href={`mailto:${attempt.student.email}`} className="quiz-cell__detail quiz-cell__email">
        {attempt.student.email}
      </a>
      {narrow ? (
        <span className="quiz-cell__detail quiz-cell__line">
          {m.attempts.attempt} {attempt.attempt} {status(attempt)} {duration(attempt)}
        </span>
      ) : null}
    </div>
  ),
});

const scoreColumn: TableColumnType<QuizAttempt> = {
  key: 'score',
  title: m.attempts.score,
  align: 'center',
  render: (_, attempt) => <span className="nowrap">{m.attempts.scoreValue(attempt.total_correct_questions, attempt.total_questions)}</span>,
};

/** Below 768 px: the student and the score, the rest under the student. */
const narrowColumns: TableColumnsType<QuizAttempt> = [studentColumn(true), { ...scoreColumn, width: 104 }];

/** Wider, without sideways scroll: the e-mail wraps, the start time waits for 1200 px. */
const columns: TableColumnsType<QuizAttempt> = [
  studentColumn(false),
  { key: 'attempt', title: m.attempts.attempt, dataIndex: 'attempt', width: 90, align: 'center' },
  { ...scoreColumn, width: 120 },
  { key: 'started', title: m.attempts.startedAt, width: 150, responsive: ['xl'], render: (_, attempt) => dateTime.format(new Date(attempt.started_at)) },
  { key: 'duration', title: m.attempts.duration, width: 110, render: (_, attempt) => duration(attempt) },
  { key: 'status', title: m.attempts.status, width: 130, render: (_, attempt) => status(attempt) },
];

/** Each student's attempts together, the first attempt first. */
const byStudentThenAttempt = (a: QuizAttempt, b: QuizAttempt) => a.student.fullname.localeCompare(b.student.fullname, 'fr') || a.student.id - b.student.id || a.attempt - b.attempt;

/** /attempted-students/{quiz_id}: who took the quiz, each attempt's score and the time it took (02 §2). */
export function AttemptedStudentsPage() {
  const quizId = Number(useParams().quizId);
  const quiz = useGetQuizQuery(quizId, { skip: !quizId });
  const { data, isLoading, error } = useGetAttemptsQuery(quizId, { skip: !quizId });
  const narrow = useNarrowScreen('md');
  return (
    <QuizPage title={quiz.data ? m.attempts.title(quiz.data.title) : m.attempts.titleFallback} back={{ to: '/quiz', label: m.attempts.backToQuizzes }}>
      <Pending loading={isLoading} error={error} failure={m.attempts.loadFailed} />
      {data ? (
        <Table<QuizAttempt>
          rowKey="id"
          columns={narrow ? narrowColumns : columns}
          dataSource={[...data].sort(byStudentThenAttempt)}
          pagination={false}
          size="middle"
          locale={{ emptyText: <span className="quiz-muted">{m.attempts.empty}</span> }}
        />
      ) : null}
    </QuizPage>
  );
}
