import type { ReactNode } from 'react';
import type { TableColumnType } from 'antd';
import { Link } from 'react-router-dom';
import type { Quiz } from '../assessment-types';
import { messages as m } from '../messages';
import { cut } from './quiz-page';

/** The title, linking to the role's questions page, with the detail cut at 50 characters under it (and `extra` below). */
export function quizTitleColumn(href: (quiz: Quiz) => string, extra?: (quiz: Quiz) => ReactNode): TableColumnType<Quiz> {
  return {
    key: 'title',
    title: m.quizList.quizTitle,
    render: (_, quiz) => (
      <div className="quiz-cell">
        <Link to={href(quiz)} className="quiz-cell__title">
          {quiz.title}
        </Link>
        {quiz.detail ? <span className="quiz-cell__detail">{cut(quiz.detail)}</span> : null}
        {extra?.(quiz)}
      </div>
    ),
  };
}
