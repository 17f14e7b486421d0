import { Form, Input } from 'antd';

export interface NewPasswordWording {
  password: string;
  passwordAgain: string;
  passwordRequired: string;
  passwordsDiffer: string;
  /** Shown under the first field, with its rule (12 characters at least), when given. */
  hint?: string;
  tooShort?: string;
}

/** A new password typed twice (`password`, `again`), for the activation pages (auditors, imported learners). */
export function NewPasswordFields({ wording: m }: { wording: NewPasswordWording }) {
  return (
    <>
      <Form.Item label={m.password} name="password" extra={m.hint} rules={[{ required: true, message: m.passwordRequired }, ...(m.tooShort ? [{ min: 12, message: m.tooShort }] : [])]}>
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item
        label={m.passwordAgain}
        name="again"
        dependencies={['password']}
        rules={[
          { required: true, message: m.passwordRequired },
          ({ getFieldValue }) => ({ validator: (_, value) => (value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(m.passwordsDiffer))) }),
        ]}
      >
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
    </>
  );
}
