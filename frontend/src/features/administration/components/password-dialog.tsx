import { useState } from 'react';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { useSetUserPasswordMutation } from '../admin-api';
import { messages as m } from '../messages';

/**
 * 'Mot de passe' for a student's or a trainer's account (PUT /users/{id}/change_password/, the
 * account's id: user_read.id): a new password, e-mailed to its holder unless unticked (03 §2, §4).
 */
export function AccountPasswordDialog({ userId, formName, sendEmailLabel, open, onClose }: { userId: number; formName: string; sendEmailLabel: string; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string; send_email: boolean }>();
  const [setPassword, { isLoading }] = useSetUserPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (values: { password: string; send_email: boolean }) => {
    setFailure(null);
    try {
      const answer = await setPassword({ userId, body: values }).unwrap();
      const done = answer.success ?? answer.message;
      if (answer.email_error) toast('info', `${done} ${answer.email_error}`, 4);
      else toast('success', done, 2);
      form.resetFields();
      onClose();
    } catch (error) {
      const described = describeApiError(error);
      const others = applyFieldErrors(form, described.fieldErrors, ['password', 'send_email']);
      setFailure(described.status === 404 ? m.password.userNotFound : (others[0] ?? (Object.keys(described.fieldErrors).length ? null : [m.password.failed, described.message].filter(Boolean).join(' '))));
    }
  };
  return (
    <Modal open={open} title={m.password.title} okText={m.password.submit} cancelText={m.detail.cancel} onOk={() => form.submit()} onCancel={onClose} confirmLoading={isLoading} destroyOnHidden>
      <Form form={form} layout="vertical" name={formName} onFinish={submit} initialValues={{ send_email: true }}>
        <Form.Item name="password" label={m.password.label} extra={m.password.help} rules={[{ required: true, message: `${m.password.label} : champ obligatoire.` }]}>
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item name="send_email" valuePropName="checked">
          <Checkbox>{sendEmailLabel}</Checkbox>
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
    </Modal>
  );
}
