import { Spin } from 'antd';
import { useGetQuestionsQuery, useGetQuizQuery } from '../assessment-api';
import { messages as m } from '../messages';
import { answersOf } from './question-list';
import './quiz-preview.css';

/**
 * A quiz step of the course preview (02 §2, 03 §2): the quiz's title and its questions with their
 * four answers, as read by its trainer or an admin (GET /quiz/{id}/, GET /quiz-questions/{id}).
 * Nothing to answer, and the right answer is not marked: the preview shows what a student reads.
 */
export function QuizPreview({ quizId }: { quizId: number }) {
  const quiz = useGetQuizQuery(quizId);
  const questions = useGetQuestionsQuery(quizId);
  const title = quiz.data?.title ?? m.preview.fallback(quizId);
  const loading = quiz.isLoading || questions.isLoading;
  return (
    <section className="quiz-preview" aria-labelledby={`quiz-preview-${quizId}`} data-testid="quiz-preview">
      <p className="quiz-preview__title" id={`quiz-preview-${quizId}`}>
        {m.questionForm.ofQuiz(title)}
      </p>
      {quiz.data?.detail ? <p className="quiz-preview__detail">{quiz.data.detail}</p> : null}
      {loading ? <Spin size="small" aria-label={m.common.loading} /> : null}
      {questions.isError ? <p className="quiz-preview__muted">{m.questions.loadFailed}</p> : null}
      {questions.data ? <p className="quiz-preview__muted">{m.quizList.questionCount(questions.data.length)}</p> : null}
      {questions.data?.length === 0 ? <p className="quiz-preview__muted">{m.questions.empty}</p> : null}
      {questions.data?.length ? (
        <ol className="quiz-preview__questions" aria-label={m.preview.questionsOf(title)}>
          {questions.data.map((question, index) => (
            <li key={question.id} className="quiz-preview__question">
              <p className="quiz-preview__text">{question.questions}</p>
              <ul className="quiz-preview__answers" aria-label={m.preview.answersOf(index + 1)}>
                {answersOf(question).map((answer, answerIndex) => (
                  <li key={answerIndex}>{answer}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
