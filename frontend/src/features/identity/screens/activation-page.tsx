import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Spin, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { describeApiError } from '../../../lib/api-errors';
import { usePageTitle } from '../../../lib/hooks';
import { useActivateStudentMutation, useLookupActivationMutation } from '../identity-api';
import { activationMessages as m } from '../activation-messages';

/** The link's secret, from its fragment (never sent to a server in a URL, nor logged): `#jeton=…`. */
function tokenOfLocation(): string | null {
  const found = /(?:^|[#&])jeton=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  return found ? found[1]! : null;
}

interface ActivationForm {
  email?: string;
  password: string;
  again: string;
}

/**
 * /activation#jeton=…: a learner the centre imported chooses their password, and their login
 * e-mail when the centre had none (docs/adr/0052). The link works once.
 */
export function StudentActivationPage() {
  usePageTitle(m.title);
  const [token] = useState(tokenOfLocation);
  const [lookup, looked] = useLookupActivationMutation();
  const [activate, { isLoading }] = useActivateStudentMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (token) void lookup({ token });
  }, [token, lookup]);

  const submit = async ({ email, password }: ActivationForm) => {
    setFailure(null);
    try {
      await activate({ token: token!, password, ...(email ? { email } : {}) }).unwrap();
      setDone(true);
    } catch (error) {
      setFailure(describeApiError(error).message ?? m.serverError);
    }
  };

  let body;
  if (!token) body = <Alert type="error" showIcon title={m.noToken} role="alert" />;
  else if (looked.isLoading || looked.isUninitialized) body = <Spin aria-label={m.loading} />;
  else if (looked.isError) body = <Alert type="error" showIcon title={describeApiError(looked.error).message ?? m.serverError} role="alert" />;
  else if (done)
    body = (
      <>
        <Alert type="success" showIcon title={m.activated} role="status" />
        <p>
          <Link to="/user-login">{m.toLogin}</Link>
        </p>
      </>
    );
  else {
    const needsEmail = looked.data?.needs_email ?? false;
    body = (
      <>
        <Typography.Paragraph>{m.hello(looked.data?.prenom ?? '')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{needsEmail ? m.subtitleWithEmail : m.subtitle}</Typography.Paragraph>
        {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
        <Form<ActivationForm> layout="vertical" name="student-activation" onFinish={submit} requiredMark={false}>
          {needsEmail ? (
            <Form.Item label={m.email} name="email" rules={[{ required: true, message: m.emailRequired }, { type: 'email', message: m.emailInvalid }]}>
              <Input type="email" autoComplete="email" size="large" />
            </Form.Item>
          ) : null}
          <NewPasswordFields wording={{ ...m, hint: m.passwordHint, tooShort: m.passwordTooShort }} />
          <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
            {m.activate}
          </Button>
        </Form>
      </>
    );
  }

  return (
    <div className="auth-page">
      <Card className="auth-card">
        <Typography.Title level={1} className="auth-card__title">
          {m.title}
        </Typography.Title>
        {body}
      </Card>
    </div>
  );
}
