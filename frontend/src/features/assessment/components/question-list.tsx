import type { ReactNode } from 'react';
import { CheckCircleFilled } from '@ant-design/icons';
import type { Question } from '../assessment-types';
import { messages as m } from '../messages';

/** A question's four answers, in their order. */
export const answersOf = (question: Pick<Question, 'ans1' | 'ans2' | 'ans3' | 'ans4'>) => [question.ans1, question.ans2, question.ans3, question.ans4];

/** A quiz's questions numbered from 1, each with its four answers, the right one marked, and its actions. */
export function QuestionList({ questions, actions }: { questions: readonly Question[]; actions: (question: Question, number: number) => ReactNode }) {
  if (questions.length === 0) return <p className="quiz-empty">{m.questions.empty}</p>;
  return (
    <ol className="question-list">
      {questions.map((question, index) => {
        const number = index + 1;
        return (
          <li key={question.id} className="question-list__item" data-testid={`question-${question.id}`}>
            <div className="question-list__head">
              <h2 className="question-list__number">{m.questions.number(number)}</h2>
              <div className="quiz-row-actions">{actions(question, number)}</div>
            </div>
            <p className="question-list__text">{question.questions}</p>
            {question.kind && question.kind !== 'single' ? <p className="quiz-muted">{m.questionForm.kinds[question.kind]}</p> : null}
            <ul className="question-list__answers" aria-label={m.questions.answersOf(number)}>
              {answersOf(question).map((answer, answerIndex) => {
                // A true/false question has two options; several may be right (ADR 0045).
                if (!answer) return null;
                const right = question.right_answers ? question.right_answers.includes(answerIndex + 1) : answer === question.right_ans;
                return (
                  <li key={answerIndex} className={right ? 'question-list__answer is-right' : 'question-list__answer'}>
                    {right ? <CheckCircleFilled aria-hidden className="question-list__mark" /> : <span className="question-list__mark" aria-hidden />}
                    <span>{answer}</span>
                    {right ? <span className="question-list__right">{m.questions.rightAnswer}</span> : null}
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
