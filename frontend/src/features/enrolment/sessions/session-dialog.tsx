import { useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { newKey } from '../../../lib/format';
import { useChangeSessionMutation, useScheduleSessionMutation, useSessionCourseChoicesQuery, type SessionInput, type SessionSummary } from './sessions-api';
import { sessionMessages as m } from './sessions-messages';

type Values = SessionInput & { course?: number };

/** « Programmer une session » (a course, a name, two dates), or « Modifier la session » when given one. */
export function SessionDialog({ session, onClose }: { session?: SessionSummary; onClose: (createdId?: number) => void }) {
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const courses = useSessionCourseChoicesQuery(search, { skip: session !== undefined });
  const [schedule, scheduling] = useScheduleSessionMutation();
  const [change, changing] = useChangeSessionMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // One key per dialog: « Programmer » clicked twice, or sent again after a lost answer, makes one session.
  const [requestKey] = useState(newKey);
  const submit = async (values: Values) => {
    setFailure(null);
    const input = { name: values.name, start_date: values.start_date, end_date: values.end_date };
    try {
      if (session) {
        await change({ id: session.id, ...input }).unwrap();
        toast('success', m.saved);
        onClose();
      } else {
        const { id } = await schedule({ course: values.course!, ...input, request_key: requestKey }).unwrap();
        toast('success', m.created);
        onClose(id);
      }
    } catch (error) {
      const described = describeApiError(error);
      const elsewhere = applyFieldErrors(form, described.fieldErrors, ['course', 'name', 'start_date', 'end_date']);
      const shownUnderFields = Object.keys(described.fieldErrors).length > elsewhere.length;
      if (!shownUnderFields || elsewhere.length > 0) setFailure(elsewhere[0] ?? described.message ?? m.loadFailed);
    }
  };
  return (
    <Modal
      open
      title={session ? m.edit : m.add}
      onCancel={() => onClose()}
      onOk={() => form.submit()}
      okText={session ? m.save : m.create}
      cancelText={m.cancel}
      confirmLoading={scheduling.isLoading || changing.isLoading}
      destroyOnHidden
    >
      {failure ? <Alert type="error" showIcon title={failure} role="alert" className="sessions-alert" /> : null}
      <Form
        form={form}
        layout="vertical"
        name="session"
        onFinish={submit}
        requiredMark={false}
        initialValues={session ? { name: session.name, start_date: session.start_date, end_date: session.end_date } : undefined}
      >
        {session ? null : (
          <Form.Item label={m.course} name="course" rules={[{ required: true, message: m.required(m.course) }]}>
            <Select
              showSearch={{ filterOption: false, onSearch: setSearch }}
              placeholder={m.coursePlaceholder}
              loading={courses.isFetching}
              options={(courses.data?.results ?? []).map((c) => ({ value: c.id, label: c.title }))}
            />
          </Form.Item>
        )}
        <Form.Item label={m.name} name="name" extra={m.nameHint} rules={[{ required: true, whitespace: true, message: m.required(m.name) }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item label={m.start} name="start_date" rules={[{ required: true, message: m.required(m.start) }]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item
          label={m.end}
          name="end_date"
          dependencies={['start_date']}
          rules={[
            { required: true, message: m.required(m.end) },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) => (!value || !getFieldValue('start_date') || value >= getFieldValue('start_date') ? Promise.resolve() : Promise.reject(new Error(m.endBeforeStart))),
            }),
          ]}
        >
          <Input type="date" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
