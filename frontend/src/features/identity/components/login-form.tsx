import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import type { Credentials } from '../identity-api';
import { emailError } from '../form-helpers';
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

type Field = 'email' | 'password';
type Errors = Partial<Record<Field, string>>;

function check(values: Record<Field, string>): Errors {
  const errors: Errors = {};
  const email = emailError(values.email.trim());
  if (email) errors.email = email;
  if (!values.password) errors.password = m.common.passwordRequired;
  return errors;
}

/**
 * Email + password form shared by the three logins (student, trainer, admin) and the home page's
 * card. Plain HTML and CSS drawn like antd's large vertical form: antd's Form, Input and Button
 * cost ≈ 58 KB gzip, a quarter of the home page's first download (docs/adr/0010). The fields are
 * checked on submit, then again as they change once a message shows.
 */
export function LoginForm({
  name,
  onLogin,
  emailLabel = m.common.email,
  emailField = 'email',
}: LoginFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (checked) setErrors(check(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found = check(values);
    setChecked(true);
    setErrors(found);
    const invalid = (['email', 'password'] as const).find((field) => found[field]);
    if (invalid) {
      inputs.current[invalid]?.focus();
      return;
    }
    setFeedback(null);
    setSubmitting(true);
    try {
      setFeedback(await onLogin({ email: values.email.trim(), password: values.password }));
    } finally {
      setSubmitting(false);
    }
  };

  const field = (key: Field, label: string, input: (props: FieldProps) => ReactNode) => {
    const id = `${name}_${key === 'email' ? emailField : key}`;
    const error = errors[key];
    return (
      <div className={error ? 'login-form__item login-form__item--error' : 'login-form__item'}>
        <label className="login-form__label" htmlFor={id}>
          {label}
        </label>
        {input({
          id,
          ref: (element) => {
            inputs.current[key] = element;
          },
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}_help` : undefined,
        })}
        {error ? (
          <div className="login-form__help" id={`${id}_help`}>
            {error}
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <form name={name} className="login-form" noValidate onSubmit={onSubmit}>
      {field('email', emailLabel, (props) => (
        <span className="login-form__input">
          <MailOutlined className="login-form__prefix" aria-hidden />
          <input
            {...props}
            name={emailField}
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(event) => change('email', event.target.value)}
          />
        </span>
      ))}
      {field('password', m.common.password, (props) => (
        <span className="login-form__input">
          <LockOutlined className="login-form__prefix" aria-hidden />
          <input
            {...props}
            name="password"
            type={passwordShown ? 'text' : 'password'}
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
          />
          <button
            type="button"
            className="login-form__eye"
            aria-label={m.common.showPassword}
            aria-pressed={passwordShown}
            onClick={() => setPasswordShown((shown) => !shown)}
          >
            {passwordShown ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
          </button>
        </span>
      ))}
      <FormFeedback feedback={feedback} />
      <button type="submit" className="login-form__submit" aria-busy={submitting || undefined}>
        {submitting ? <span className="login-form__spinner" aria-hidden /> : null}
        {m.common.login}
      </button>
    </form>
  );
}

interface FieldProps {
  id: string;
  ref: (element: HTMLInputElement | null) => void;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}
