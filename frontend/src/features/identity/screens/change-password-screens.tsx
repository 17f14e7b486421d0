import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { Panel } from '../../../components/panel';
import { useAppSelector, usePageTitle } from '../../../lib/hooks';
import { LOGOUT_PATHS } from '../../../lib/session';
import { FormFeedback, type Feedback } from '../components/form-feedback';
import { STUDENT_PASSWORD_LOGOUT_MS, TEACHER_PASSWORD_LOGOUT_MS } from '../constants';
import { failureFeedback } from '../describe-failure';
import { newPasswordRules, toFormData } from '../form-helpers';
import {
  useChangeStudentPasswordMutation,
  useChangeTeacherPasswordMutation,
} from '../identity-api';
import { messages as m } from '../messages';
import { useDelayedNavigate } from '../use-delayed-navigate';

interface ChangePasswordFormProps {
  title: string;
  emptyMessage?: string;
  /** Resolves when the server accepted the new password, rejects otherwise. */
  submit: (body: FormData) => Promise<unknown>;
  success: string;
  failureTitle: string;
  failure: string;
  logoutPath: string;
  logoutDelayMs: number;
}

function ChangePasswordForm(props: ChangePasswordFormProps) {
  const [form] = Form.useForm<{ password: string }>();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const navigateLater = useDelayedNavigate();

  const onFinish = async ({ password }: { password: string }) => {
    setFeedback(null);
    setSubmitting(true);
    try {
      await props.submit(toFormData({ password }));
      setFeedback({ type: 'success', title: props.success });
      // The server revokes the tokens on a password change: log out as the spec does.
      navigateLater(props.logoutPath, props.logoutDelayMs);
    } catch (error) {
      setFeedback(failureFeedback(error, form, ['password'], props.failureTitle, props.failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Panel className="page-card">
      <Typography.Title level={1} className="page-title">
        {props.title}
      </Typography.Title>
      <Form
        form={form}
        name="change-password"
        layout="vertical"
        onFinish={onFinish}
        disabled={feedback?.type === 'success'}
        className="narrow-form"
      >
        <Form.Item
          label={m.common.newPassword}
          name="password"
          rules={newPasswordRules(props.emptyMessage)}
          extra={m.common.passwordHint}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <FormFeedback feedback={feedback} />
        <Button type="primary" htmlType="submit" loading={submitting}>
          {m.common.updatePassword}
        </Button>
      </Form>
    </Panel>
  );
}

/** /change-password: POST /student/change-password/{id}/, then /user-logout after 2 s. */
export function StudentChangePasswordPage() {
  usePageTitle(m.student.passwordTitle);
  const studentId = useAppSelector((state) => state.auth.studentId) ?? '';
  const [change] = useChangeStudentPasswordMutation();
  return (
    <ChangePasswordForm
      title={m.student.passwordTitle}
      submit={async (body) => {
        const answer = await change({ id: studentId, body }).unwrap();
        if (answer && answer.bool === false) throw new Error('refused');
      }}
      success={m.student.passwordUpdated}
      failureTitle={m.student.passwordFailedTitle}
      failure={m.student.passwordFailed}
      logoutPath={LOGOUT_PATHS.student}
      logoutDelayMs={STUDENT_PASSWORD_LOGOUT_MS}
    />
  );
}

/** /teacher-change-password: POST /teacher/change-password/{id}/, then logout after 1.5 s. */
export function TeacherChangePasswordPage() {
  usePageTitle(m.teacher.passwordTitle);
  const teacherId = useAppSelector((state) => state.auth.teacherId) ?? '';
  const [change] = useChangeTeacherPasswordMutation();
  return (
    <ChangePasswordForm
      title={m.teacher.passwordTitle}
      emptyMessage={m.teacher.passwordEmpty}
      submit={(body) => change({ id: teacherId, body }).unwrap()}
      success={m.teacher.passwordUpdated}
      failureTitle={m.teacher.passwordFailed}
      failure=""
      logoutPath={LOGOUT_PATHS.teacher}
      logoutDelayMs={TEACHER_PASSWORD_LOGOUT_MS}
    />
  );
}
