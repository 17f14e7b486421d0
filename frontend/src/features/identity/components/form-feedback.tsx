import { Alert } from 'antd';

export interface Feedback {
  type: 'success' | 'error';
  title: string;
  description?: string;
  details?: string[];
}

/** The outcome of a form submission, shown above the submit button. */
export function FormFeedback({ feedback }: { feedback: Feedback | null }) {
  if (!feedback) return null;
  const { type, title, description, details = [] } = feedback;
  return (
    <Alert
      className="form-feedback"
      type={type}
      showIcon
      title={title}
      description={
        description || details.length ? (
          <>
            {description ? <div>{description}</div> : null}
            {details.map((detail) => (
              <div key={detail}>{detail}</div>
            ))}
          </>
        ) : undefined
      }
    />
  );
}
