import { Link } from 'react-router-dom';
import { Modal, Table, type TableColumnsType } from 'antd';
import { BarChartOutlined, DeleteOutlined, EditOutlined, PlusCircleOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useGetQuizzesQuery } from '../assessment-api';
import type { Quiz } from '../assessment-types';
import { Pending, QuizPage } from '../components/quiz-page';
import { QuizAlerts } from '../components/quiz-alerts';
import { quizTitleColumn } from '../components/quiz-title-column';
import { useQuizRemoval } from '../components/removals';
import { IconButton, IconLink } from '../components/row-actions';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { messages as m } from '../messages';

/** /quiz: the trainer's quizzes, with their questions, edit, add question, results and delete (02 §2). */
export function TrainerQuizzesPage() {
  const { data, isLoading, error } = useGetQuizzesQuery();
  const [modal, holder] = Modal.useModal();
  const removeQuiz = useQuizRemoval(modal);
  const narrow = useNarrowScreen('sm');

  const actions = (quiz: Quiz) => (
    <nav className="quiz-row-actions" aria-label={m.quizList.actionsOf(quiz.title)}>
      <IconLink to={`/all-questions/${quiz.id}`} label={`${m.quizList.showQuestions} : ${quiz.title}`} text={m.quizList.showQuestions} icon={<UnorderedListOutlined />} />
      <IconLink to={`/add-question/${quiz.id}`} label={`${m.quizList.addQuestion} : ${quiz.title}`} text={m.quizList.addQuestion} icon={<PlusCircleOutlined />} />
      <IconLink to={`/edit-quiz/${quiz.id}`} label={`${m.common.edit} : ${quiz.title}`} text={m.common.edit} icon={<EditOutlined />} />
      <IconLink to={`/attempted-students/${quiz.id}`} label={`${m.quizList.results} : ${quiz.title}`} text={m.quizList.results} icon={<BarChartOutlined />} />
      <IconButton label={`${m.common.delete} : ${quiz.title}`} text={m.common.delete} icon={<DeleteOutlined />} danger onClick={() => void removeQuiz(quiz)} />
    </nav>
  );
  const href = (quiz: Quiz) => `/all-questions/${quiz.id}`;
  // On a phone, one column: the count and the five actions under the title.
  const columns: TableColumnsType<Quiz> = narrow
    ? [
        quizTitleColumn(href, (quiz) => (
          <>
            <span className="quiz-cell__detail">{m.quizList.questionCount(quiz.total_questions)}</span>
            {actions(quiz)}
          </>
        )),
      ]
    : [
        quizTitleColumn(href),
        { key: 'questions', title: m.quizList.questions, width: 110, align: 'center', render: (_, quiz) => quiz.total_questions },
        { key: 'actions', title: m.common.actions, width: 210, render: (_, quiz) => actions(quiz) },
      ];

  return (
    <QuizPage
      title={m.quizList.title}
      actions={
        <Link to="/add-quiz" className="button-link">
          <PlusOutlined aria-hidden /> {m.quizList.newQuiz}
        </Link>
      }
    >
      {holder}
      <QuizAlerts />
      <Pending loading={isLoading} error={error} />
      {data ? (
        <Table<Quiz>
          rowKey="id"
          columns={columns}
          dataSource={data}
          pagination={false}
          size="middle"
          scroll={narrow ? undefined : { x: 560 }}
          locale={{ emptyText: <span className="quiz-muted">{m.quizList.empty}</span> }}
        />
      ) : null}
    </QuizPage>
  );
}
