import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { describeApiError } from '../../../lib/api-errors';
import { usePageTitle, useSyncSession } from '../../../lib/hooks';
import { DASHBOARD_PATHS, startSession } from '../../../lib/session';
import { useAuditorLoginMutation } from '../audit-api';
import { auditMessages as m } from '../messages';

/** /auditeur/connexion: the auditor's own sign-in (docs/adr/0039); an expired or revoked access is told why. */
export function AuditorLoginPage() {
  usePageTitle(m.loginTitle);
  const [login, { isLoading }] = useAuditorLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const syncSession = useSyncSession();

  const submit = async ({ email, password }: { email: string; password: string }) => {
    setFailure(null);
    try {
      const answer = await login({ email: email.trim(), password }).unwrap();
      startSession('auditor', { id: answer.auditor_id, username: answer.username, access: answer.access, refresh: answer.refresh });
      syncSession();
      navigate(DASHBOARD_PATHS.auditor, { replace: true });
    } catch (error) {
      const described = describeApiError(error);
      setFailure(described.kind === 'client' ? (described.message ?? m.loginFailed) : m.serverError);
    }
  };

  return (
    <div className="auth-page">
      <Card className="auth-card">
        <Typography.Title level={1} className="auth-card__title">
          {m.loginTitle}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{m.loginSubtitle}</Typography.Paragraph>
        {failure ? <Alert type="error" showIcon title={m.loginFailedTitle} description={failure} className="audit-alert" role="alert" /> : null}
        <Form layout="vertical" name="auditor-login" onFinish={submit} requiredMark={false}>
          <Form.Item label="Adresse e-mail" name="email" rules={[{ required: true, message: "L'adresse e-mail est obligatoire." }, { type: 'email', message: "L'adresse e-mail n'est pas valide." }]}>
            <Input autoComplete="username" size="large" />
          </Form.Item>
          <Form.Item label={m.password} name="password" rules={[{ required: true, message: m.passwordRequired }]}>
            <Input.Password autoComplete="current-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
            Se connecter
          </Button>
        </Form>
      </Card>
    </div>
  );
}
