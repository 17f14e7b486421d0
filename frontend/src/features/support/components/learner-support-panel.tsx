import { useRef } from 'react';
import { Alert, Button, Form, Input, Select, Spin } from 'antd';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { messages as m } from '../messages';
import { newKey } from '../format';
import { useGetMySupportRequestsQuery, useOpenSupportRequestMutation } from '../support-api';
import type { SupportCategory } from '../support-types';
import { SupportRequestCard } from './support-request-card';
import '../support.css';

interface FormValues {
  category?: SupportCategory;
  course_id?: number;
  message?: string;
}

const FIELDS = ['category', 'course_id', 'message'] as const;

/**
 * On /assistance for a signed-in learner: open a request, and read their requests with the answers.
 * `courses`: the learner's enrolments, which the page composing it reads (a request names one of them or none).
 */
export function LearnerSupportPanel({ courses, coursesLoading = false }: { courses: { id: number; title: string }[]; coursesLoading?: boolean }) {
  const [form] = Form.useForm<FormValues>();
  const requests = useGetMySupportRequestsQuery();
  const [open, opening] = useOpenSupportRequestMutation();
  // One key per request being written: a double click or a retry sends the same key, and the server answers the same request.
  const key = useRef(newKey());

  const submit = async (values: FormValues) => {
    try {
      await open({ category: values.category!, course_id: values.course_id, message: values.message ?? '', request_key: key.current }).unwrap();
      key.current = newKey();
      form.resetFields();
      toast('success', m.learner.sent);
    } catch (error) {
      const described = describeApiError(error);
      const others = applyFieldErrors(form, described.fieldErrors, FIELDS);
      toast('error', others[0] ?? described.message ?? m.failed);
    }
  };

  return (
    <>
      <section className="assistance__block" aria-labelledby="support-form-title">
        <h2 id="support-form-title">{m.learner.title}</h2>
        <p>{m.learner.intro}</p>
        <Form form={form} layout="vertical" className="support-form" onFinish={submit} requiredMark="optional">
          <Form.Item name="category" label={m.learner.category} rules={[{ required: true, message: m.learner.categoryRequired }]}>
            <Select
              options={Object.entries(m.categories).map(([value, label]) => ({ value, label }))}
              aria-label={m.learner.category}
            />
          </Form.Item>
          <Form.Item name="course_id" label={m.learner.course}>
            <Select
              allowClear
              placeholder={m.learner.noCourse}
              loading={coursesLoading}
              options={courses.map((course) => ({ value: course.id, label: course.title }))}
              aria-label={m.learner.course}
            />
          </Form.Item>
          <Form.Item
            name="message"
            label={m.learner.message}
            extra={m.learner.messageHelp}
            rules={[{ required: true, whitespace: true, message: m.learner.messageRequired }, { max: 5000 }]}
          >
            <Input.TextArea rows={5} maxLength={5000} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={opening.isLoading}>
            {m.learner.submit}
          </Button>
        </Form>
      </section>
      <section className="assistance__block" aria-labelledby="support-mine-title">
        <h2 id="support-mine-title">{m.learner.mine}</h2>
        {requests.isLoading ? (
          <Spin aria-label="Chargement" />
        ) : requests.isError ? (
          <Alert type="error" title={describeApiError(requests.error).message ?? m.failed} />
        ) : (requests.data ?? []).length === 0 ? (
          <p>{m.learner.none}</p>
        ) : (
          <ul className="support-requests">
            {requests.data!.map((request) => (
              <SupportRequestCard key={request.id} request={request} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
