import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Modal } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { toast } from '../../../lib/feedback';
import { useAppSelector } from '../../../lib/hooks';
import { useAddQuestionMutation, useGetQuestionQuery, useGetQuestionsQuery, useGetQuizQuery, useUpdateQuestionMutation } from '../assessment-api';
import type { Question } from '../assessment-types';
import { CopyToBankDialog } from '../components/copy-to-bank-dialog';
import { QuestionForm } from '../components/question-form';
import { QuestionList } from '../components/question-list';
import { Pending, QuizPage } from '../components/quiz-page';
import { useQuestionRemoval } from '../components/removals';
import { IconButton, IconLink } from '../components/row-actions';
import { messages as m } from '../messages';

/** Each role's own questions page: the trainer's list, or the admin's quiz detail. */
function useQuestionsPath(): (quizId: number) => string {
  const admin = useAppSelector((state) => state.auth.role === 'admin');
  return (quizId) => (admin ? `/admin-quiz-detail/${quizId}` : `/all-questions/${quizId}`);
}

/** /all-questions/{quiz_id}: the quiz's questions, numbered, with add, edit and delete (02 §2). */
export function AllQuestionsPage() {
  const quizId = Number(useParams().quizId);
  const quiz = useGetQuizQuery(quizId, { skip: !quizId });
  const questions = useGetQuestionsQuery(quizId, { skip: !quizId });
  const [modal, holder] = Modal.useModal();
  const removeQuestion = useQuestionRemoval(modal);
  const [copying, setCopying] = useState<{ question: Question; number: number } | null>(null);
  return (
    <QuizPage
      title={quiz.data ? m.questions.title(quiz.data.title) : m.questions.titleFallback}
      back={{ to: '/quiz', label: m.quizForm.backToQuizzes }}
      actions={
        <Link to={`/add-question/${quizId}`} className="button-link">
          <PlusOutlined aria-hidden /> {m.questions.add}
        </Link>
      }
    >
      {holder}
      <Pending loading={questions.isLoading} error={questions.error} failure={m.questions.loadFailed} />
      {questions.data ? (
        <QuestionList
          questions={questions.data}
          actions={(question, number) => (
            <>
              <IconLink to={`/edit-question/${question.id}`} label={m.questions.editQuestion(number)} icon={<EditOutlined />} />
              <IconButton label={m.copyToBank.label(number)} text={m.copyToBank.action} icon={<CopyOutlined />} onClick={() => setCopying({ question, number })} />
              <IconButton label={m.questions.deleteQuestion(number)} icon={<DeleteOutlined />} danger onClick={() => void removeQuestion(question)} />
            </>
          )}
        />
      ) : null}
      {copying ? <CopyToBankDialog question={copying.question} number={copying.number} quizTitle={quiz.data?.title ?? ''} onClose={() => setCopying(null)} /> : null}
    </QuizPage>
  );
}

/** /add-question/{quiz_id}: POST /quiz-questions/{quiz_id}, then the role's questions page. */
export function AddQuestionPage() {
  const navigate = useNavigate();
  const quizId = Number(useParams().quizId);
  const admin = useAppSelector((state) => state.auth.role === 'admin');
  const back = useQuestionsPath()(quizId);
  const quiz = useGetQuizQuery(quizId, { skip: !quizId });
  const [add] = useAddQuestionMutation();
  return (
    <QuizPage title={m.questionForm.addTitle} back={{ to: back, label: m.questions.titleFallback }}>
      {quiz.data ? <p className="quiz-page__context">{m.questionForm.ofQuiz(quiz.data.title)}</p> : null}
      <Pending loading={false} error={quiz.error} />
      {quiz.error ? null : (
        <QuestionForm
          name="add-question"
          wrongAnswer={admin ? m.questionForm.wrongAnswerAdmin : m.questionForm.wrongAnswerTrainer}
          failureMessage={m.questionForm.addFailed}
          onSave={async (body) => {
            await add({ quizId, body }).unwrap();
            toast('success', m.questionForm.added, 2);
            navigate(back);
          }}
          onCancel={() => navigate(back)}
        />
      )}
    </QuizPage>
  );
}

/** /edit-question/{question_id}: PUT /question/{id}/, then the quiz's questions. */
export function EditQuestionPage() {
  const navigate = useNavigate();
  const questionId = Number(useParams().questionId);
  const { data, isLoading, error } = useGetQuestionQuery(questionId, { skip: !questionId });
  const [update] = useUpdateQuestionMutation();
  const questionsPath = useQuestionsPath();
  const back = data ? questionsPath(data.quiz) : '/quiz';
  return (
    <QuizPage title={m.questionForm.editTitle} back={{ to: back, label: data ? m.questions.titleFallback : m.quizForm.backToQuizzes }}>
      <Pending loading={isLoading} error={error} failure={m.questionForm.loadFailed} />
      {data ? (
        <QuestionForm
          key={data.id}
          name="edit-question"
          current={data}
          wrongAnswer={m.questionForm.wrongAnswerTrainer}
          failureMessage={m.common.updateFailed}
          onSave={async (body) => {
            await update({ questionId, quizId: data.quiz, body }).unwrap();
            toast('success', m.questionForm.updated, 2);
            navigate(back);
          }}
          onCancel={() => navigate(back)}
        />
      ) : null}
    </QuizPage>
  );
}
