import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/fr';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { WorkPage } from '../../../components/work-page';
import { messages as m } from '../messages';
import { useGiveHomeworkMutation } from '../tutoring-api';
import { useFollowedStudentName, useRouteConversation } from './route-conversation';
import '../tutoring.css';

interface HomeworkValues {
  title: string;
  detail: string;
  due_date?: Dayjs | null;
}

const FIELDS = ['title', 'detail', 'due_date'] as const;
/** The server's limits (docs/adr/0013). */
const TITLE_MAX = 200;
const DETAIL_MAX = 10_000;
const required = [{ required: true, whitespace: true, message: m.homework.fillEveryField }];

/** /add-assignment/{student_id}/{teacher_id} (02 §2, §5): title and detail both required, a due date optional (docs/adr/0044); back to the list once given. */
export function AddAssignmentPage() {
  const key = useRouteConversation();
  const name = useFollowedStudentName(key);
  const navigate = useNavigate();
  const [form] = Form.useForm<HomeworkValues>();
  const [give, { isLoading }] = useGiveHomeworkMutation();
  const [failure, setFailure] = useState<{ detail: string } | null>(null);
  const list = key ? `/show-assignment/${key.studentId}/${key.teacherId}` : '/my-users';

  const onFinish = async (values: HomeworkValues) => {
    if (!key) return;
    setFailure(null);
    try {
      await give({ ...key, title: values.title.trim(), detail: values.detail.trim(), dueDate: values.due_date ? values.due_date.format('YYYY-MM-DD') : null }).unwrap();
      toast('success', m.homework.added, 3);
      navigate(list);
    } catch (error) {
      const described = describeApiError(error);
      const others = applyFieldErrors(form, described.fieldErrors, FIELDS);
      setFailure({ detail: [described.message, ...others].filter(Boolean).join(' ') });
    }
  };

  return (
    <WorkPage title={m.homework.addTitle} back={{ to: list, label: m.homework.backToList }}>
      {name ? <p className="work-page__context">{m.homework.addFor(name)}</p> : null}
      <Form form={form} name="add-assignment" layout="vertical" onFinish={onFinish} disabled={isLoading} className="narrow-form">
        <Form.Item label={m.homework.fieldTitle} name="title" rules={required}>
          <Input maxLength={TITLE_MAX} />
        </Form.Item>
        <Form.Item label={m.homework.fieldDetail} name="detail" rules={required}>
          <Input.TextArea rows={6} maxLength={DETAIL_MAX} />
        </Form.Item>
        <Form.Item label={m.homework.fieldDue} name="due_date" extra={m.homework.fieldDueHelp}>
          <DatePicker format="DD/MM/YYYY" placeholder={m.homework.datePlaceholder} disabledDate={(day) => day.isBefore(dayjs(), 'day')} className="homework__due-picker" />
        </Form.Item>
        {failure ? <Alert type="error" showIcon title={m.homework.addFailed} description={failure.detail || undefined} className="form-feedback" /> : null}
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {m.common.save}
        </Button>
      </Form>
    </WorkPage>
  );
}
