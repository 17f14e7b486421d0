import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Form } from 'antd';
import { usePageTitle } from '../../../lib/hooks';
import { AuthCard } from '../components/auth-card';
import { FormFeedback, type Feedback } from '../components/form-feedback';
import { StudentFields } from '../components/student-fields';
import { STUDENT_REGISTER_REDIRECT_MS } from '../constants';
import { failureFeedback } from '../describe-failure';
import { toFormData } from '../form-helpers';
import { useRegisterStudentMutation } from '../identity-api';
import { messages as m } from '../messages';
import { useDelayedNavigate } from '../use-delayed-navigate';

const FIELDS = ['fullname', 'email', 'username', 'password', 'interseted_categories'] as const;

interface RegisterValues {
  fullname: string;
  email: string;
  username: string;
  password: string;
  interseted_categories?: string;
}

/** /user-register: POST /student/ (multipart), then /user-login after 2.5 s. */
export function StudentRegisterPage() {
  usePageTitle(m.student.registerTitle);
  const [form] = Form.useForm<RegisterValues>();
  const [register, { isLoading }] = useRegisterStudentMutation();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const navigateLater = useDelayedNavigate();

  const onFinish = async (values: RegisterValues) => {
    setFeedback(null);
    try {
      await register(
        toFormData({
          fullname: values.fullname.trim(),
          email: values.email.trim(),
          username: values.username.trim(),
          password: values.password,
          interseted_categories: values.interseted_categories?.trim() ?? '',
        }),
      ).unwrap();
      setFeedback({
        type: 'success',
        title: m.student.registerSuccessTitle,
        description: m.student.registerSuccess,
      });
      navigateLater('/user-login', STUDENT_REGISTER_REDIRECT_MS);
    } catch (error) {
      setFeedback(
        failureFeedback(error, form, FIELDS, m.student.registerFailedTitle, m.student.registerFailed),
      );
    }
  };

  const done = feedback?.type === 'success';

  return (
    <AuthCard
      title={m.student.registerTitle}
      subtitle={m.student.registerSubtitle}
      footer={
        <>
          {m.student.haveAccount} <Link to="/user-login">{m.student.loginLink}</Link>
        </>
      }
    >
      <Form
        form={form}
        name="student-register"
        layout="vertical"
        onFinish={onFinish}
        disabled={done}
      >
        <StudentFields withPassword />
        <FormFeedback feedback={feedback} />
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
          {m.student.registerButton}
        </Button>
      </Form>
    </AuthCard>
  );
}
