import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Form, type UploadFile } from 'antd';
import { toast } from '../../../lib/feedback';
import { usePageTitle } from '../../../lib/hooks';
import { AuthCard } from '../components/auth-card';
import { FormFeedback, type Feedback } from '../components/form-feedback';
import { ProfileImageField } from '../components/profile-image-field';
import { TEACHER_FIELDS, TEACHER_TEXT_FIELDS, TeacherFields } from '../components/teacher-fields';
import { TEACHER_REGISTER_REDIRECT_MS } from '../constants';
import { failureFeedback } from '../describe-failure';
import { pickedFile, toFormData } from '../form-helpers';
import { useRegisterTeacherMutation } from '../identity-api';
import { messages as m } from '../messages';
import { useDelayedNavigate } from '../use-delayed-navigate';

type RegisterValues = Record<(typeof TEACHER_TEXT_FIELDS)[number] | 'password', string | undefined> & {
  profile_img?: UploadFile[];
};

/** /teacher-register: POST /formateur-register/ (multipart), then /teacher-login. */
export function TeacherRegisterPage() {
  usePageTitle(m.teacher.registerTitle);
  const [form] = Form.useForm<RegisterValues>();
  const [register, { isLoading }] = useRegisterTeacherMutation();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const navigateLater = useDelayedNavigate();

  const onFinish = async (values: RegisterValues) => {
    setFeedback(null);
    const text: Record<string, string | undefined> = { password: values.password };
    for (const field of TEACHER_TEXT_FIELDS) text[field] = values[field]?.trim();
    try {
      await register(
        toFormData(text, { name: 'profile_img', value: pickedFile(values.profile_img) }, { skipEmpty: true }),
      ).unwrap();
      setFeedback({ type: 'success', title: m.teacher.registerSuccess });
      toast('success', m.teacher.registerSuccess, TEACHER_REGISTER_REDIRECT_MS / 1000);
      navigateLater('/teacher-login', TEACHER_REGISTER_REDIRECT_MS);
    } catch (error) {
      setFeedback(
        failureFeedback(
          error,
          form,
          TEACHER_FIELDS,
          m.teacher.registerFailedTitle,
          m.teacher.registerFailed,
        ),
      );
    }
  };

  return (
    <AuthCard
      wide
      title={m.teacher.registerTitle}
      subtitle={m.teacher.registerSubtitle}
      footer={
        <>
          {m.teacher.haveAccount} <Link to="/teacher-login">{m.teacher.loginLink}</Link>
        </>
      }
    >
      <Form
        form={form}
        name="teacher-register"
        layout="vertical"
        onFinish={onFinish}
        disabled={feedback?.type === 'success'}
        initialValues={{ profile_img: [] }}
      >
        <TeacherFields withPassword />
        <ProfileImageField />
        <FormFeedback feedback={feedback} />
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
          {m.teacher.registerButton}
        </Button>
      </Form>
    </AuthCard>
  );
}
