import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Form, Modal } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { toast } from '../../../lib/feedback';
import { useGetQuestionQuery, useGetQuestionsQuery, useGetQuizQuery, useUpdateQuestionMutation } from '../assessment-api';
import type { Question, QuestionInput } from '../assessment-types';
import { QuestionForm } from '../components/question-form';
import { QuestionList } from '../components/question-list';
import { Pending, QuizPage } from '../components/quiz-page';
import { useQuestionRemoval } from '../components/removals';
import { IconButton } from '../components/row-actions';
import { messages as m } from '../messages';

/** The question edit dialog (03 §8): GET /question/{id}/, then PUT; closes only on success. */
function QuestionDialog({ question, onClose }: { question: Question | null; onClose: () => void }) {
  const [form] = Form.useForm<QuestionInput>();
  const [sending, setSending] = useState(false);
  const loaded = useGetQuestionQuery(question?.id ?? 0, { skip: !question, refetchOnMountOrArgChange: true });
  const [update] = useUpdateQuestionMutation();
  const current = loaded.data && loaded.data.id === question?.id ? loaded.data : undefined;
  return (
    <Modal
      open={question !== null}
      title={m.admin.editDialog}
      okText={m.common.save}
      cancelText={m.common.cancel}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: !current }}
      onCancel={onClose}
      confirmLoading={sending}
      destroyOnHidden
      width={640}
    >
      <Pending loading={loaded.isFetching && !current} error={loaded.error} failure={m.questionForm.loadFailed} />
      {current ? (
        <QuestionForm
          key={current.id}
          name={`admin-edit-question-${current.id}`}
          form={form}
          hideButtons
          current={current}
          wrongAnswer={m.questionForm.wrongAnswerAdmin}
          failureMessage={m.questionForm.adminUpdateFailed}
          onSendingChange={setSending}
          onSave={async (body) => {
            await update({ questionId: current.id, quizId: current.quiz, body }).unwrap();
            toast('success', m.questionForm.adminUpdated, 2);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}

/** /admin-quiz-detail/{quiz_id}: the quiz's title and its questions numbered from 1, edited in a dialog (03 §2). */
export function AdminQuizDetailPage() {
  const quizId = Number(useParams().quizId);
  const quiz = useGetQuizQuery(quizId, { skip: !quizId });
  const questions = useGetQuestionsQuery(quizId, { skip: !quizId || !quiz.data });
  const [editing, setEditing] = useState<Question | null>(null);
  const [modal, holder] = Modal.useModal();
  const removeQuestion = useQuestionRemoval(modal);
  return (
    <QuizPage
      title={quiz.data?.title ?? m.questions.titleFallback}
      back={{ to: '/admin-quizzes', label: m.admin.backToQuizzes }}
      actions={
        quiz.data ? (
          <Link to={`/add-question/${quizId}`} className="button-link">
            <PlusOutlined aria-hidden /> {m.questions.add}
          </Link>
        ) : null
      }
    >
      {holder}
      <Pending loading={quiz.isLoading} error={quiz.error} />
      {quiz.data ? (
        <>
          {quiz.data.detail ? <p className="quiz-page__context">{quiz.data.detail}</p> : null}
          <p className="quiz-muted">
            {m.admin.trainer} : {quiz.data.teacher_name ?? m.admin.unassigned}
          </p>
          <Pending loading={questions.isLoading} error={questions.error} failure={m.questions.loadFailed} />
          {questions.data ? (
            <QuestionList
              questions={questions.data}
              actions={(question, number) => (
                <>
                  <IconButton label={m.questions.editQuestion(number)} icon={<EditOutlined />} onClick={() => setEditing(question)} />
                  <IconButton label={m.questions.deleteQuestion(number)} icon={<DeleteOutlined />} danger onClick={() => void removeQuestion(question)} />
                </>
              )}
            />
          ) : null}
        </>
      ) : null}
      <QuestionDialog question={editing} onClose={() => setEditing(null)} />
    </QuizPage>
  );
}
