import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import type { Credentials } from '../identity-api';
import { emailRules } from '../form-helpers';
import { messages as m } from '../messages';
import { FormFeedback, type Feedback } from './form-feedback';

interface LoginFormProps {
  /** Also the prefix of the input ids, so two forms never share an id. */
  name: string;
  /** Resolves to a failure to show, or null when the login went through. */
  onLogin: (credentials: Credentials) => Promise<Feedback | null>;
  emailLabel?: string;
  emailField?: string;
}

/** Email + password form shared by the three logins (student, trainer, admin). */
export function LoginForm({
  name,
  onLogin,
  emailLabel = m.common.email,
  emailField = 'email',
}: LoginFormProps) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: Record<string, string>) => {
    setFeedback(null);
    setSubmitting(true);
    try {
      const failure = await onLogin({
        email: (values[emailField] ?? '').trim(),
        password: values.password ?? '',
      });
      setFeedback(failure);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form name={name} layout="vertical" requiredMark={false} onFinish={onFinish} size="large">
      <Form.Item label={emailLabel} name={emailField} rules={emailRules}>
        <Input type="email" autoComplete="email" prefix={<MailOutlined />} />
      </Form.Item>
      <Form.Item
        label={m.common.password}
        name="password"
        rules={[{ required: true, message: m.common.passwordRequired }]}
      >
        <Input.Password autoComplete="current-password" prefix={<LockOutlined />} />
      </Form.Item>
      <FormFeedback feedback={feedback} />
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {m.common.login}
      </Button>
    </Form>
  );
}
