import { useMemo, useRef, useState } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { LoadState, WorkPage } from '../../../components/work-page';
import { SupportRequestCard } from '../components/support-request-card';
import { messages as m } from '../messages';
import { newKey } from '../format';
import { useAnswerSupportRequestMutation, useGetSupportRequestsQuery, useResolveSupportRequestMutation } from '../support-api';
import type { SupportRequest, SupportStatus } from '../support-types';
import '../support.css';

/** Answer and resolve one request: the answer's key is drawn once per answer being written (docs/adr/0022). */
function Handling({ request }: { request: SupportRequest }) {
  const [form] = Form.useForm<{ message?: string }>();
  const [writing, setWriting] = useState(false);
  const [answer, answering] = useAnswerSupportRequestMutation();
  const [resolve, resolving] = useResolveSupportRequestMutation();
  const key = useRef(newKey());
  if (request.status === 'resolue') return null;

  const send = async ({ message }: { message?: string }) => {
    try {
      await answer({ id: request.id, message: message ?? '', answer_key: key.current }).unwrap();
      key.current = newKey();
      form.resetFields();
      setWriting(false);
      toast('success', m.admin.sent);
    } catch (error) {
      const described = describeApiError(error);
      const others = applyFieldErrors(form, described.fieldErrors, ['message']);
      toast('error', others[0] ?? described.message ?? m.failed);
    }
  };
  const markResolved = async () => {
    try {
      await resolve(request.id).unwrap();
      toast('success', m.admin.resolved);
    } catch (error) {
      toast('error', describeApiError(error).message ?? m.failed);
    }
  };

  const answerId = `support-answer-${request.id}`;
  return (
    <div className="support-request__actions">
      {writing ? (
        <Form form={form} layout="vertical" onFinish={send}>
          <Form.Item name="message" label={m.admin.answer} htmlFor={answerId} rules={[{ required: true, whitespace: true, message: m.admin.answerRequired }, { max: 5000 }]}>
            <Input.TextArea id={answerId} rows={4} maxLength={5000} />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={answering.isLoading}>
              {m.admin.send}
            </Button>
            <Button onClick={() => setWriting(false)}>{m.admin.close}</Button>
          </Space>
        </Form>
      ) : (
        <Space wrap>
          <Button type="primary" onClick={() => setWriting(true)} aria-label={m.admin.replyTo(request.id)}>
            {m.admin.reply}
          </Button>
          <Button onClick={markResolved} loading={resolving.isLoading} aria-label={m.admin.resolveOne(request.id)}>
            {m.admin.resolve}
          </Button>
        </Space>
      )}
    </div>
  );
}

/**
 * « Assistance technique » (docs/adr/0037): admins see every request, a trainer those of their
 * courses; filters by status and course; answer, mark resolved.
 */
export function SupportAdminPage() {
  const [status, setStatus] = useState<SupportStatus | undefined>();
  const [course, setCourse] = useState<number | undefined>();
  const list = useGetSupportRequestsQuery({ status, course });
  // The course filter offers the courses of the requests seen without a course filter.
  const all = useGetSupportRequestsQuery({});
  const courses = useMemo(() => {
    const byId = new Map<number, string>();
    for (const r of all.data ?? []) if (r.course) byId.set(r.course.id, r.course.title ?? `Cours n° ${r.course.id}`);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [all.data]);

  return (
    <WorkPage title={m.admin.title} testId="support-admin">
      <p>{m.admin.intro}</p>
      <div className="support-filters">
        <Select
          allowClear
          placeholder={m.admin.allStatuses}
          aria-label={m.admin.status}
          value={status}
          onChange={(value) => setStatus(value)}
          options={Object.entries(m.statuses).map(([value, label]) => ({ value: value as SupportStatus, label }))}
        />
        <Select allowClear placeholder={m.admin.allCourses} aria-label={m.admin.course} value={course} onChange={(value) => setCourse(value)} options={courses} />
      </div>
      <LoadState loading={list.isLoading} failed={list.isError} />
      {list.data ? (
        list.data.length === 0 ? (
          <p>{m.admin.none}</p>
        ) : (
          <ul className="support-requests">
            {list.data.map((request) => (
              <SupportRequestCard key={request.id} request={request} showLearner>
                <Handling request={request} />
              </SupportRequestCard>
            ))}
          </ul>
        )
      ) : null}
    </WorkPage>
  );
}
