import { useNavigate, useParams } from 'react-router-dom';
import { Alert } from 'antd';
import { toast } from '../../../lib/feedback';
import { useCreateQuizMutation, useGetQuizQuery, useUpdateQuizMutation } from '../assessment-api';
import { Pending, QuizPage } from '../components/quiz-page';
import { QuizForm, quizBody, servingOf } from '../components/quiz-form';
import { useTrainerId } from '../components/use-trainer-id';
import { messages as m } from '../messages';

const BACK = { to: '/quiz', label: m.quizForm.backToQuizzes };

/** /add-quiz: POST /quiz/ with the trainer's id, then the new quiz's questions. */
export function AddQuizPage() {
  const navigate = useNavigate();
  const teacher = useTrainerId();
  const [create] = useCreateQuizMutation();
  return (
    <QuizPage title={m.quizForm.addTitle} back={BACK}>
      {teacher ? null : <Alert type="error" showIcon title={m.quizForm.missingTrainer} className="quiz-feedback" />}
      <QuizForm
        name="add-quiz"
        failureMessage={m.quizForm.addFailed}
        onSave={async (values) => {
          if (!teacher) throw { status: 400, data: { message: m.quizForm.missingTrainer } };
          const quiz = await create(quizBody(values, teacher)).unwrap();
          toast('success', m.quizForm.created, 2);
          navigate(`/all-questions/${quiz.id}`);
        }}
        onCancel={() => navigate('/quiz')}
      />
    </QuizPage>
  );
}

/** /edit-quiz/{quiz_id}: PUT /teacher-quiz-detail/{quiz_id}, then the quiz list. */
export function EditQuizPage() {
  const navigate = useNavigate();
  const quizId = Number(useParams().quizId);
  const teacher = useTrainerId();
  const { data, isLoading, error } = useGetQuizQuery(quizId, { skip: !quizId });
  const [update] = useUpdateQuizMutation();
  return (
    <QuizPage title={m.quizForm.editTitle} back={BACK}>
      <Pending loading={isLoading} error={error} />
      {data ? (
        <QuizForm
          key={data.id}
          name="edit-quiz"
          current={{ title: data.title, detail: data.detail, pass_mark: data.pass_mark, max_attempts: data.max_attempts, time_limit: data.time_limit, ...servingOf(data) }}
          failureMessage={m.common.updateFailed}
          onSave={async (values) => {
            await update({ quizId, body: quizBody(values, teacher ?? data.teacher ?? undefined) }).unwrap();
            toast('success', m.quizForm.updated, 2);
            navigate('/quiz');
          }}
          onCancel={() => navigate('/quiz')}
        />
      ) : null}
    </QuizPage>
  );
}
