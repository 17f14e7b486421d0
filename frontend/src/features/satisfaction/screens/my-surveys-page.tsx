import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert, Button } from 'antd';
import { LoadState, WorkPage } from '../../../components/work-page';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { frenchDay, newKey } from '../../../lib/format';
import { SurveyAnswerForm } from '../components/survey-answer-form';
import { messages } from '../messages';
import { useAnswerMySurveyMutation, useGetMySurveyFormQuery, useGetMySurveysQuery } from '../satisfaction-api';
import type { Answers } from '../satisfaction-types';
import '../satisfaction.css';

const m = messages.mine;
const day = (iso: string) => frenchDay(iso.slice(0, 10));

/** « Questionnaires à remplir »: the learner's open questionnaires (docs/adr/0054). */
export function MySurveysPage() {
  const list = useGetMySurveysQuery();
  return (
    <WorkPage title={m.title} testId="my-surveys">
      <p>{m.intro}</p>
      <LoadState loading={list.isLoading} failed={list.isError} />
      {list.data ? (
        list.data.length === 0 ? (
          <p>{m.none}</p>
        ) : (
          <ul className="survey-list">
            {list.data.map((s) => (
              <li key={s.invitation_id} className="survey-card">
                <div>
                  <strong>{s.title}</strong>
                  <div className="survey-card__meta">
                    {m.course} : {s.course_title ?? s.course_id} · {m.until} {day(s.expires_at)}
                  </div>
                </div>
                <Link to={`/mes-questionnaires/${s.invitation_id}`} className="ant-btn ant-btn-primary" aria-label={`${m.open} : ${s.title}`}>
                  {m.open}
                </Link>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </WorkPage>
  );
}

/** One of the learner's questionnaires, answered once (docs/adr/0054). */
export function MySurveyPage() {
  const id = Number(useParams().invitationId);
  const form = useGetMySurveyFormQuery(id);
  const [answer, sending] = useAnswerMySurveyMutation();
  const key = useRef(newKey());
  const [done, setDone] = useState(false);
  const submit = async (answers: Answers) => {
    try {
      await answer({ id, answers, request_key: key.current }).unwrap();
      setDone(true);
    } catch (error) {
      toast('error', describeApiError(error).message ?? messages.failed);
    }
  };
  return (
    <WorkPage title={form.data?.title ?? m.title} testId="my-survey" back={{ to: '/mes-questionnaires', label: m.back }}>
      <LoadState loading={form.isLoading} failed={form.isError} />
      {done || form.data?.state === 'repondu' ? (
        <Alert type="success" showIcon title={m.thanks} role="status" />
      ) : form.data?.state === 'expire' ? (
        <Alert type="info" showIcon title={messages.public.expired} />
      ) : form.data ? (
        <>
          {form.data.course_title ? <p>{m.course} : {form.data.course_title}</p> : null}
          <SurveyAnswerForm questions={form.data.questions} onSubmit={submit} sending={sending.isLoading} />
        </>
      ) : null}
      {done ? (
        <p>
          <Button onClick={() => history.back()}>{m.back}</Button>
        </p>
      ) : null}
    </WorkPage>
  );
}
