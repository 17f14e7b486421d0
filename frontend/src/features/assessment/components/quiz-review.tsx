import { useEffect } from 'react';
import { Alert } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { describeApiError } from '../../../lib/api-errors';
import { useLazyGetQuizReviewQuery } from '../assessment-api';
import { messages as m } from '../messages';
import { Pending } from './quiz-page';

/** The correction of the learner's last closed attempt: their answer against the right one, with the trainer's explanation (GET /quiz-review/). */
export function QuizReviewSection({ quizId, studentId }: { quizId: number; studentId: string }) {
  const [load, { data, isFetching, error }] = useLazyGetQuizReviewQuery();
  useEffect(() => {
    void load({ quizId, studentId });
  }, [load, quizId, studentId]);
  const refused = error ? describeApiError(error) : null;
  return (
    <section className="quiz-review" aria-labelledby="quiz-review-title">
      <h2 id="quiz-review-title" className="quiz-review__title">
        {data ? m.review.titleOf(data.attempt) : m.review.title}
      </h2>
      {refused?.status === 409 && refused.message ? <Alert type="info" showIcon title={refused.message} /> : <Pending loading={isFetching && !data} error={refused?.status === 409 ? null : error} />}
      {data ? (
        <ol className="quiz-review__list">
          {data.questions.map((question) => (
            <li key={question.id} className="quiz-review__item">
              <h3 className="quiz-review__question">
                {m.review.number(question.number)} {question.questions}
              </h3>
              <p className={`quiz-review__mark quiz-review__mark--${question.correct ? 'right' : 'wrong'}`}>
                {question.correct ? <CheckCircleOutlined aria-hidden /> : <CloseCircleOutlined aria-hidden />} {question.correct ? m.review.right : m.review.wrong}
              </p>
              <dl className="quiz-review__answers">
                <dt>{m.review.yourAnswer}</dt>
                <dd>{question.chosen ?? m.review.noAnswer}</dd>
                {question.correct ? null : (
                  <>
                    <dt>{m.review.rightAnswer}</dt>
                    <dd>{question.right_ans}</dd>
                  </>
                )}
                {question.explanation ? (
                  <>
                    <dt>{m.review.explanation}</dt>
                    <dd>{question.explanation}</dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
