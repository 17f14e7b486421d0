import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import type { TeacherListItem } from '../admin-types';
import { useAdminTeachersAcceptMutation, useAdminTeachersRefuseMutation, useAdminTeachersRequestsQuery } from '../teachers-api';
import { teacherMessages as t } from '../teachers-messages';

const nameOf = (teacher: TeacherListItem) => teacher.full_name || `${teacher.prenom} ${teacher.nom}`.trim() || teacher.email;
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('fr-FR', { dateStyle: 'long' }) : '');

function RefuseDialog({ teacher, onClose }: { teacher: TeacherListItem; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [refuse, { isLoading }] = useAdminTeachersRefuseMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async ({ reason }: { reason: string }) => {
    setFailure(null);
    try {
      const result = await refuse({ id: teacher.id, reason }).unwrap();
      toast(result.email_sent ? 'success' : 'info', result.email_sent ? t.requests.refused(nameOf(teacher)) : t.requests.mailFailed, 3);
      onClose();
    } catch (error) {
      const described = describeApiError(error);
      setFailure(described.fieldErrors.reason?.[0] ?? described.message ?? t.requests.failed);
    }
  };
  return (
    <Modal
      open
      title={t.requests.refuseTitle(nameOf(teacher))}
      okText={t.requests.confirmRefuse}
      okButtonProps={{ danger: true }}
      cancelText={t.requests.cancel}
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name={`refuse-trainer-${teacher.id}`} onFinish={(values) => void submit(values)}>
        <Form.Item
          name="reason"
          label={t.requests.reason}
          extra={t.requests.reasonHint}
          rules={[{ required: true, whitespace: true, min: 5, message: t.requests.reasonRequired }]}
        >
          <Input.TextArea rows={4} maxLength={1000} showCount />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Modal>
  );
}

/** The trainers page's requests (ADR 0030): who registered through the public page, to accept or refuse with a reason. */
export function TrainerRequests() {
  const { data } = useAdminTeachersRequestsQuery();
  const [accept, { isLoading: accepting }] = useAdminTeachersAcceptMutation();
  const [refusing, setRefusing] = useState<TeacherListItem | null>(null);
  // Unreadable, the requests say nothing: the trainers' list below shows its own load failure.
  const requests = data?.results ?? [];
  if (requests.length === 0) return null;

  const onAccept = async (teacher: TeacherListItem) => {
    try {
      const result = await accept(teacher.id).unwrap();
      toast(result.email_sent ? 'success' : 'info', result.email_sent ? t.requests.accepted(nameOf(teacher)) : t.requests.mailFailed, 3);
    } catch (error) {
      toast('error', describeApiError(error).message ?? t.requests.failed, 4);
    }
  };

  return (
    <section className="trainer-requests" aria-labelledby="trainer-requests-title" data-testid="trainer-requests">
      <Typography.Title level={2} id="trainer-requests-title" className="trainer-requests__title">
        {t.requests.title} ({requests.length})
      </Typography.Title>
      <p className="trainer-requests__intro">{t.requests.intro}</p>
      <ul className="trainer-requests__list">
        {requests.map((teacher) => (
          <li key={teacher.id} className="trainer-request">
            <div className="trainer-request__who">
              <strong>{nameOf(teacher)}</strong>
              <span className="trainer-request__detail">
                {teacher.email}
                {teacher.qualification ? ` · ${teacher.qualification}` : ''}
              </span>
              <span className="trainer-request__detail">{t.requests.registered(day(teacher.registered_at))}</span>
            </div>
            <Space wrap>
              <Button type="primary" icon={<CheckOutlined aria-hidden />} loading={accepting} onClick={() => void onAccept(teacher)} aria-label={t.requests.acceptOf(nameOf(teacher))}>
                {t.requests.accept}
              </Button>
              <Button danger icon={<CloseOutlined aria-hidden />} onClick={() => setRefusing(teacher)} aria-label={t.requests.refuseOf(nameOf(teacher))}>
                {t.requests.refuse}
              </Button>
            </Space>
          </li>
        ))}
      </ul>
      {refusing ? <RefuseDialog teacher={refusing} onClose={() => setRefusing(null)} /> : null}
    </section>
  );
}
