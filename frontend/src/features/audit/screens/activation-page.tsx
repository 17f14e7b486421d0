import { useState } from 'react';
import { Alert, Button, Card, Form, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { describeApiError } from '../../../lib/api-errors';
import { usePageTitle } from '../../../lib/hooks';
import { useActivateAuditorMutation } from '../audit-api';
import { auditMessages as m } from '../messages';

/** The invitation's secret, from the link's fragment (never sent to a server in a URL, nor logged): `#jeton=…`. */
function tokenOfLocation(): string | null {
  const found = /(?:^|[#&])jeton=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  return found ? found[1]! : null;
}

/** /auditeur/activation#jeton=…: the invited auditor chooses their password (docs/adr/0039). */
export function AuditorActivationPage() {
  usePageTitle(m.activationTitle);
  const [token] = useState(tokenOfLocation);
  const [activate, { isLoading }] = useActivateAuditorMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async ({ password }: { password: string }) => {
    setFailure(null);
    try {
      await activate({ token: token!, password }).unwrap();
      setDone(true);
    } catch (error) {
      const described = describeApiError(error);
      setFailure(described.message ?? m.serverError);
    }
  };

  return (
    <div className="auth-page">
      <Card className="auth-card">
        <Typography.Title level={1} className="auth-card__title">
          {m.activationTitle}
        </Typography.Title>
        {!token ? (
          <Alert type="error" showIcon title={m.noToken} role="alert" />
        ) : done ? (
          <>
            <Alert type="success" showIcon title={m.activated} role="status" className="audit-alert" />
            <Link to="/auditeur/connexion">{m.toLogin}</Link>
          </>
        ) : (
          <>
            <Typography.Paragraph type="secondary">{m.activationSubtitle}</Typography.Paragraph>
            {failure ? <Alert type="error" showIcon title={failure} role="alert" className="audit-alert" /> : null}
            <Form layout="vertical" name="auditor-activation" onFinish={submit} requiredMark={false}>
              <NewPasswordFields wording={m} />
              <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
                {m.activate}
              </Button>
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}
