import { Form, Input } from 'antd';
import { emailRules, newPasswordRules, requiredRule } from '../form-helpers';
import { messages as m } from '../messages';

/** The student's own fields, shared by registration (with a password) and the profile page. */
export function StudentFields({ withPassword }: { withPassword: boolean }) {
  return (
    <>
      <Form.Item label={m.common.fullname} name="fullname" rules={[requiredRule]}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item label={m.common.email} name="email" rules={emailRules}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label={m.common.username} name="username" rules={[requiredRule]}>
        <Input autoComplete="username" />
      </Form.Item>
      {withPassword && (
        <Form.Item label={m.common.password} name="password" rules={newPasswordRules()} extra={m.common.passwordHint}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      )}
      <Form.Item label={m.common.interests} name="interseted_categories">
        <Input.TextArea rows={2} placeholder={m.common.interestsPlaceholder} />
      </Form.Item>
    </>
  );
}
