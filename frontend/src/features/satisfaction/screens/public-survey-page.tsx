import { useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert, Spin } from 'antd';
import { Panel } from '../../../components/panel';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { usePageTitle } from '../../../lib/hooks';
import { newKey } from '../../../lib/format';
import { SurveyAnswerForm } from '../components/survey-answer-form';
import { messages } from '../messages';
import { useAnswerPublicSurveyMutation, useGetPublicSurveyQuery } from '../satisfaction-api';
import type { Answers } from '../satisfaction-types';
import '../satisfaction.css';

const m = messages.public;

/** The token from `#jeton=…` (kept in the fragment: it never reaches a server's logs). */
export const tokenOf = (hash: string): string | null => new URLSearchParams(hash.replace(/^#/, '')).get('jeton');

/**
 * The public answer page (docs/adr/0054): an employer, a funder, a trainer or a learner opens the
 * link of their e-mail, without an account, and answers once.
 */
export function PublicSurveyPage() {
  const token = tokenOf(useLocation().hash);
  const form = useGetPublicSurveyQuery(token ?? '', { skip: !token });
  usePageTitle(form.data?.title ?? m.title);
  const [answer, sending] = useAnswerPublicSurveyMutation();
  const key = useRef(newKey());
  const [done, setDone] = useState(false);
  const submit = async (answers: Answers) => {
    try {
      await answer({ token: token!, answers, request_key: key.current }).unwrap();
      setDone(true);
    } catch (error) {
      toast('error', describeApiError(error).message ?? messages.failed);
    }
  };
  const failure = form.isError ? describeApiError(form.error).message : null;
  return (
    <div className="content-page content-page--narrow">
      <Panel className="page-card" testId="public-survey">
        <h1 className="content-page__title">{form.data?.title ?? m.title}</h1>
        {!token ? (
          <Alert type="warning" showIcon title={m.noToken} />
        ) : form.isLoading ? (
          <Spin />
        ) : failure ? (
          <Alert type="warning" showIcon title={failure} />
        ) : done ? (
          <Alert type="success" showIcon title={m.thanks} role="status" />
        ) : form.data?.state === 'repondu' ? (
          <Alert type="info" showIcon title={m.answered} />
        ) : form.data?.state === 'expire' ? (
          <Alert type="info" showIcon title={m.expired} />
        ) : form.data ? (
          <>
            {form.data.course_title ? <p>{m.course} : {form.data.course_title}</p> : null}
            <SurveyAnswerForm questions={form.data.questions} onSubmit={submit} sending={sending.isLoading} />
          </>
        ) : null}
      </Panel>
    </div>
  );
}
