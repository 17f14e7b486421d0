import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import type { FormInstance } from 'antd';
import { isNotFound, LoadState, WorkPage } from '../../../components/work-page';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { formatDateTime, formatDay, formatHandling, newKey } from '../format';
import { categories, filers, improvementStatuses, messages, statuses } from '../messages';
import {
  useAnswerComplaintMutation, useChangeComplaintStatusMutation, useGetComplaintQuery, useOpenComplaintImprovementMutation, useRecordComplaintActionMutation,
} from '../quality-api';
import type { Complaint, ComplaintStatus } from '../quality-types';
import { ImprovementFormFields, type ImprovementValues } from '../components/improvement-form';
import '../quality.css';

const m = messages.admin;

async function run(work: () => Promise<unknown>, done: string, form?: { form: FormInstance; fields: string[] }) {
  try {
    await work();
    toast('success', done);
    return true;
  } catch (error) {
    const described = describeApiError(error);
    const others = form ? applyFieldErrors(form.form, described.fieldErrors, form.fields) : [];
    toast('error', others[0] ?? described.message ?? messages.failed);
    return false;
  }
}

function Answer({ complaint }: { complaint: Complaint }) {
  const [form] = Form.useForm<{ message?: string }>();
  const [answer, answering] = useAnswerComplaintMutation();
  const key = useRef(newKey());
  const send = async ({ message }: { message?: string }) => {
    if (await run(() => answer({ id: complaint.id, message: message ?? '', answer_key: key.current }).unwrap(), m.sent, { form, fields: ['message'] })) {
      key.current = newKey();
      form.resetFields();
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={send}>
      <Form.Item name="message" label={m.answer} htmlFor="complaint-answer" rules={[{ required: true, whitespace: true, message: m.answerRequired }, { max: 5000 }]}>
        <Input.TextArea id="complaint-answer" rows={5} maxLength={5000} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={answering.isLoading}>
        {m.send}
      </Button>
    </Form>
  );
}

function StatusAndAction({ complaint }: { complaint: Complaint }) {
  const [changeStatus, changing] = useChangeComplaintStatusMutation();
  const [record, recording] = useRecordComplaintActionMutation();
  const [statusForm] = Form.useForm<{ status: ComplaintStatus }>();
  const [form] = Form.useForm<{ action_taken?: string }>();
  return (
    <>
      <Form
        form={statusForm}
        layout="inline"
        className="quality-filters"
        initialValues={{ status: complaint.status as ComplaintStatus }}
        onFinish={({ status }) => run(() => changeStatus({ id: complaint.id, status }).unwrap(), m.statusSaved)}
      >
        <Form.Item name="status" label={m.newStatus} htmlFor="complaint-status">
          <Select id="complaint-status" options={Object.entries(statuses).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Button htmlType="submit" loading={changing.isLoading}>
          {m.changeStatus}
        </Button>
      </Form>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ action_taken: complaint.action_taken ?? '' }}
        onFinish={({ action_taken }) => run(() => record({ id: complaint.id, action_taken: action_taken ?? '' }).unwrap(), m.actionSaved, { form, fields: ['action_taken'] })}
      >
        <Form.Item name="action_taken" label={m.action} htmlFor="complaint-action" rules={[{ required: true, whitespace: true, message: m.actionRequired }, { max: 5000 }]}>
          <Input.TextArea id="complaint-action" rows={3} maxLength={5000} />
        </Form.Item>
        <Button htmlType="submit" loading={recording.isLoading}>
          {m.saveAction}
        </Button>
      </Form>
    </>
  );
}

function Improve({ complaint }: { complaint: Complaint }) {
  const [writing, setWriting] = useState(false);
  const [open, opening] = useOpenComplaintImprovementMutation();
  const [form] = Form.useForm<ImprovementValues>();
  // One key per action written: « Enregistrer » clicked twice, or sent again after a lost answer, opens one action.
  const [requestKey, setRequestKey] = useState(newKey);
  if (!writing) return <Button onClick={() => setWriting(true)}>{m.improve}</Button>;
  const submit = async (values: ImprovementValues) => {
    const ok = await run(
      () =>
        open({ id: complaint.id, source: 'reclamation', description: values.description ?? '', owner: values.owner || null, due_on: values.due_on || null, request_key: requestKey }).unwrap(),
      messages.improvements.created,
      { form, fields: ['description', 'owner', 'due_on'] },
    );
    if (ok) {
      form.resetFields();
      setRequestKey(newKey());
      setWriting(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} aria-label={m.improve}>
      <ImprovementFormFields idPrefix="complaint-improvement" />
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={opening.isLoading}>
          {m.improve}
        </Button>
        <Button onClick={() => setWriting(false)}>{messages.improvements.cancel}</Button>
      </Space>
    </Form>
  );
}

/** One complaint of the register: its facts, the answers sent, the handling (status, answer, action), its improvement actions. */
export function ComplaintDetailPage() {
  const id = Number(useParams().complaintId);
  const query = useGetComplaintQuery(id, { skip: !Number.isInteger(id) || id < 1 });
  const complaint = query.data;
  const closed = complaint?.status === 'close';
  return (
    <WorkPage title={complaint ? m.detailTitle(complaint.reference) : m.title} testId="complaint-detail" back={{ to: '/admin-reclamations', label: m.back }}>
      <LoadState loading={query.isLoading} failed={query.isError} notFound={isNotFound(query.error) || !Number.isInteger(id)} />
      {complaint ? (
        <>
          <dl className="quality-detail__grid">
            <dt>{m.status}</dt>
            <dd>
              <Tag>{statuses[complaint.status as ComplaintStatus]}</Tag>
            </dd>
            <dt>{m.receivedAt}</dt>
            <dd>{formatDateTime(complaint.received_at)}</dd>
            <dt>{m.filer}</dt>
            <dd>
              {complaint.filer.name ?? m.erased} ({filers[complaint.filer.kind]})
            </dd>
            <dt>{m.contact}</dt>
            <dd>{[complaint.filer.email, complaint.filer.phone].filter(Boolean).join(' · ') || '—'}</dd>
            <dt>{m.category}</dt>
            <dd>{categories[complaint.category as keyof typeof categories]}</dd>
            <dt>{m.course}</dt>
            <dd>{complaint.course ? (complaint.course.title ?? `n° ${complaint.course.id}`) : '—'}</dd>
            <dt>{m.handling}</dt>
            <dd>{complaint.handling_seconds === null ? m.notAnswered : formatHandling(complaint.handling_seconds)}</dd>
          </dl>
          <section className="quality-section">
            <h2>{m.text}</h2>
            <p className="quality-text">{complaint.message}</p>
          </section>
          <section className="quality-section">
            <h2>{m.answers}</h2>
            {complaint.answers.length === 0 ? <p>{m.noAnswers}</p> : null}
            {complaint.answers.map((a) => (
              <div key={a.id} className="quality-answer">
                <div className="quality-card__meta">{formatDateTime(a.answered_at)}</div>
                <p className="quality-text">{a.message}</p>
              </div>
            ))}
            {closed ? <p>{m.closedNote}</p> : <Answer complaint={complaint} />}
          </section>
          {closed ? (
            complaint.action_taken ? (
              <section className="quality-section">
                <h2>{m.action}</h2>
                <p className="quality-text">{complaint.action_taken}</p>
              </section>
            ) : null
          ) : (
            <section className="quality-section">
              <h2>{m.status}</h2>
              <StatusAndAction key={complaint.status} complaint={complaint} />
            </section>
          )}
          <section className="quality-section">
            <h2>{m.improvements}</h2>
            {complaint.improvement_actions.length === 0 ? <p>{m.noImprovements}</p> : (
              <ul className="quality-list">
                {complaint.improvement_actions.map((a) => (
                  <li key={a.id} className="quality-card">
                    <div className="quality-card__head">
                      <strong>n° {a.id}</strong>
                      <Tag>{improvementStatuses[a.status as keyof typeof improvementStatuses]}</Tag>
                      <span className="quality-card__meta">
                        {a.owner ?? '—'} · {messages.improvements.dueOn} {formatDay(a.due_on)}
                      </span>
                    </div>
                    <p className="quality-text">{a.description}</p>
                  </li>
                ))}
              </ul>
            )}
            <Improve complaint={complaint} />
          </section>
        </>
      ) : null}
    </WorkPage>
  );
}
