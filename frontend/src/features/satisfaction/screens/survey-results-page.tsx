import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, Form, Input, InputNumber, Select, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Panel } from '../../../components/panel';
import { LoadState, WorkPage } from '../../../components/work-page';
import { describeApiError } from '../../../lib/api-errors';
import { downloadWithSession } from '../../../lib/download';
import { toast } from '../../../lib/feedback';
import { formatPercent } from '../../../lib/format';
import { messages, respondents } from '../messages';
import { useGetSurveyCoursesQuery, useGetSurveyResultsQuery, useInviteContactsMutation } from '../satisfaction-api';
import type { QuestionResult, RateRow, RespondentKind } from '../satisfaction-types';
import '../satisfaction.css';

const m = messages.results;

function QuestionBlock({ q }: { q: QuestionResult }) {
  return (
    <div className="survey-results__question">
      <h3>{q.label}</h3>
      <div className="survey-card__meta">
        {m.answers(q.answers)}
        {q.average !== null ? ` · ${m.average(q.average)}` : ''}
      </div>
      {q.distribution ? (
        <ul className="survey-results__bars">
          {q.distribution.map((n, i) => (
            <li key={i}>
              {messages.answer.rating(i + 1)} : {n}
            </li>
          ))}
        </ul>
      ) : null}
      {q.choices ? (
        <ul className="survey-results__bars">
          {q.choices.map((c) => (
            <li key={c.option}>
              {c.option} : {c.count}
            </li>
          ))}
        </ul>
      ) : null}
      {q.texts ? q.texts.length === 0 ? <p className="survey-card__meta">{m.noText}</p> : <ul className="survey-results__texts">{q.texts.map((t, i) => <li key={i}>{t}</li>)}</ul> : null}
    </div>
  );
}

function InviteForm({ id }: { id: number }) {
  const courses = useGetSurveyCoursesQuery();
  const [invite, inviting] = useInviteContactsMutation();
  const [form] = Form.useForm<{ course_id: number; session_id?: number; emails: string }>();
  const i = messages.invite;
  const send = async (values: { course_id: number; session_id?: number; emails: string }) => {
    try {
      const emails = values.emails.split(/[\n,;]/).map((e) => e.trim()).filter(Boolean);
      const sent = await invite({ id, course_id: values.course_id, ...(values.session_id ? { session_id: values.session_id } : {}), emails }).unwrap();
      form.resetFields();
      toast('success', i.sent(sent.invitations));
    } catch (error) {
      toast('error', describeApiError(error).message ?? messages.failed);
    }
  };
  return (
    <Panel title={i.title} titleAs="h2">
      <Form form={form} layout="vertical" onFinish={send}>
        <Form.Item name="course_id" label={i.course} htmlFor="invite-course" rules={[{ required: true, message: i.courseRequired }]}>
          <Select id="invite-course" options={(courses.data ?? []).map((c) => ({ value: c.id, label: c.title ?? `Formation ${c.id}` }))} />
        </Form.Item>
        <Form.Item name="session_id" label={i.session} htmlFor="invite-session">
          <InputNumber id="invite-session" min={1} />
        </Form.Item>
        <Form.Item name="emails" label={i.emails} htmlFor="invite-emails" rules={[{ required: true, whitespace: true, message: i.emailsRequired }]}>
          <Input.TextArea id="invite-emails" rows={3} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={inviting.isLoading}>
          {i.send}
        </Button>
      </Form>
    </Panel>
  );
}

/** A questionnaire's results (docs/adr/0054): response rates per course, session and respondents; answers per question; the export. */
export function SurveyResultsPage() {
  const id = Number(useParams().questionnaireId);
  const [respondent, setRespondent] = useState<RespondentKind | undefined>(undefined);
  const results = useGetSurveyResultsQuery({ id, ...(respondent ? { respondent_kind: respondent } : {}) });
  const data = results.data;
  const external = data && !['chaud', 'froid'].includes(data.questionnaire.kind);
  const download = () =>
    downloadWithSession(`admin/questionnaires/${id}/results/export${respondent ? `?respondent_kind=${respondent}` : ''}`, 'resultats-questionnaire.xlsx', { failed: m.exportFailed, done: m.exportDone });
  return (
    <WorkPage
      title={data ? `${m.title} — ${data.questionnaire.title}` : m.title}
      testId="survey-results"
      back={{ to: '/admin-questionnaires', label: m.back }}
      extra={
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          {m.export}
        </Button>
      }
    >
      <LoadState loading={results.isLoading} failed={results.isError} />
      <Form layout="inline" className="survey-results__filters">
        <Form.Item label={m.respondent} htmlFor="results-respondent">
          <Select
            id="results-respondent"
            style={{ minWidth: 160 }}
            value={respondent ?? ''}
            onChange={(v) => setRespondent(v === '' ? undefined : (v as RespondentKind))}
            options={[{ value: '', label: m.allRespondents }, ...Object.entries(respondents).map(([value, label]) => ({ value, label }))]}
          />
        </Form.Item>
      </Form>
      {data ? (
        <>
          <p className="survey-results__summary">
            {m.rate} : <strong>{data.rate === null ? '—' : formatPercent(data.rate * 100)}</strong> ({m.sentAnswered(data.answered, data.sent)})
          </p>
          <h2>{m.byGroup}</h2>
          <div className="survey-table-wrap" tabIndex={0} role="group" aria-label={m.byGroup}>
            <Table<RateRow>
              rowKey={(r) => `${r.course_id}-${r.session_id ?? 0}-${r.respondent_kind}`}
              dataSource={data.rates}
              pagination={false}
              locale={{ emptyText: m.none }}
              columns={[
                { title: m.columns.course, dataIndex: 'course_title', render: (t: string | null, r) => t ?? r.course_id },
                { title: m.columns.session, dataIndex: 'session_name', render: (t: string | null) => t ?? m.noSession },
                { title: m.columns.kind, dataIndex: 'respondent_kind', render: (k: RespondentKind) => respondents[k] },
                { title: m.columns.sent, dataIndex: 'sent' },
                { title: m.columns.answered, dataIndex: 'answered' },
                { title: m.columns.rate, dataIndex: 'rate', render: (r: number | null) => (r === null ? '—' : formatPercent(r * 100)) },
              ]}
            />
          </div>
          {[...new Set(data.questions.map((q) => q.version_number))].map((v) => (
            <section key={v}>
              <h2>{m.version(v)}</h2>
              {data.questions.filter((q) => q.version_number === v).map((q) => (
                <QuestionBlock key={`${v}-${q.id}`} q={q} />
              ))}
            </section>
          ))}
          {external ? <InviteForm id={id} /> : null}
        </>
      ) : null}
    </WorkPage>
  );
}
