import { Col, Form, Input, Row, Typography } from 'antd';
import { emailRules, newPasswordRules, requiredRule, urlRule } from '../form-helpers';
import { messages as m } from '../messages';

export const TEACHER_FIELDS = [
  'full_name',
  'email',
  'username',
  'password',
  'qualification',
  'mobile_no',
  'skills',
  'detail',
  'profile_img',
  'face_url',
  'insta_url',
  'twit_url',
  'web_url',
  'you_url',
] as const;

export const TEACHER_TEXT_FIELDS = [
  'full_name',
  'email',
  'username',
  'qualification',
  'mobile_no',
  'skills',
  'detail',
  'face_url',
  'insta_url',
  'twit_url',
  'web_url',
  'you_url',
] as const;

const SOCIAL_FIELDS = [
  ['face_url', m.teacher.facebook],
  ['insta_url', m.teacher.instagram],
  ['twit_url', m.teacher.twitter],
  ['web_url', m.teacher.website],
  ['you_url', m.teacher.youtube],
] as const;

const phoneRule = {
  pattern: /^\+?[0-9][0-9 .-]{5,19}$/,
  message: m.teacher.mobileInvalid,
};

/** Profile fields of a trainer (02 §3), shared by registration and profile settings. */
export function TeacherFields({ withPassword }: { withPassword: boolean }) {
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={m.common.fullname} name="full_name" rules={[requiredRule]}>
            <Input autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={m.common.email} name="email" rules={emailRules}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={withPassword ? m.teacher.usernameOptional : m.common.username}
            name="username"
          >
            <Input autoComplete="username" />
          </Form.Item>
        </Col>
        {withPassword ? (
          <Col xs={24} md={12}>
            <Form.Item
              label={m.common.password}
              name="password"
              rules={newPasswordRules()}
              extra={m.common.passwordHint}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} md={12}>
          <Form.Item label={m.teacher.qualification} name="qualification" rules={[requiredRule]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={m.teacher.mobile}
            name="mobile_no"
            rules={[requiredRule, phoneRule]}
          >
            <Input type="tel" inputMode="numeric" autoComplete="tel" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            label={m.teacher.skills}
            name="skills"
            rules={[requiredRule]}
            extra={m.teacher.skillsHint}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label={m.teacher.detail} name="detail">
            <Input.TextArea rows={4} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={2} className="form-section-title">
        {m.teacher.socialTitle}
      </Typography.Title>
      <Row gutter={16}>
        {SOCIAL_FIELDS.map(([name, label]) => (
          <Col xs={24} md={12} key={name}>
            <Form.Item label={label} name={name} rules={[urlRule]}>
              <Input type="url" placeholder="https://" />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );
}
