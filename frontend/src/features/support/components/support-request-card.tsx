import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { messages as m } from '../messages';
import { formatDateTime, formatDuration } from '../format';
import type { SupportRequest } from '../support-types';

/** One request as its learner and staff read it: what was asked, when, about what, and every answer. */
export function SupportRequestCard({ request, showLearner = false, children }: { request: SupportRequest; showLearner?: boolean; children?: ReactNode }) {
  return (
    <li className="support-request" data-testid={`support-request-${request.id}`}>
      <div className="support-request__head">
        <strong>{m.request(request.id)}</strong>
        <Tag>{m.statuses[request.status]}</Tag>
        <Tag>{m.categories[request.category]}</Tag>
        {request.course ? <span>{request.course.title}</span> : <span className="support-request__meta">{m.noCourseTag}</span>}
      </div>
      <div className="support-request__meta">
        {showLearner ? (
          <>
            {m.admin.learner} : {request.student.fullname}
            {request.student.closed ? ` (${m.admin.closed})` : ''} ·{' '}
          </>
        ) : null}
        {m.openedAt} <time dateTime={request.opened_at}>{formatDateTime(request.opened_at)}</time>
        {request.step?.title ? ` · ${m.step} : ${request.step.title}` : ''}
        {request.response_seconds !== null ? ` · ${m.delay(formatDuration(request.response_seconds))}` : ''}
        {request.resolved_at ? ` · ${m.resolvedAt(formatDateTime(request.resolved_at))}` : ''}
      </div>
      <p className="support-request__body">{request.message}</p>
      {request.answers.length === 0 ? (
        <p className="support-request__meta">{m.noAnswer}</p>
      ) : (
        request.answers.map((answer) => (
          <div key={answer.id} className="support-request__answer">
            <div className="support-request__meta">
              <strong>{m.answerBy(m.roles[answer.author_role] ?? '', answer.author_name)}</strong> ·{' '}
              <time dateTime={answer.answered_at}>{formatDateTime(answer.answered_at)}</time>
            </div>
            <p className="support-request__body">{answer.message}</p>
          </div>
        ))
      )}
      {children}
    </li>
  );
}
