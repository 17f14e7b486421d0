import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';

export interface Feedback {
  type: 'success' | 'error';
  title: string;
  description?: string;
  details?: string[];
}

/**
 * The outcome of a form submission, shown above the submit button: antd's Alert in CSS, so that
 * the login forms (the home page's among them) do not bring Alert's code (docs/adr/0010).
 */
export function FormFeedback({ feedback }: { feedback: Feedback | null }) {
  if (!feedback) return null;
  const { type, title, description, details = [] } = feedback;
  const Icon = type === 'success' ? CheckCircleFilled : CloseCircleFilled;
  return (
    <div className={`form-feedback form-feedback--${type}`} role="alert">
      <Icon className="form-feedback__icon" aria-hidden />
      <div className="form-feedback__content">
        <div className="form-feedback__title">{title}</div>
        {description ? <div>{description}</div> : null}
        {details.map((detail) => (
          <div key={detail}>{detail}</div>
        ))}
      </div>
    </div>
  );
}
