import type { FormInstance } from 'antd';
import { applyFieldErrors, describeApiError } from '../../lib/api-errors';
import type { Feedback } from './components/form-feedback';

/**
 * Failure feedback of a form call: field errors go under their fields, the rest (or the
 * server's message when there are no field errors) is listed in the alert.
 */
export function failureFeedback(
  error: unknown,
  form: FormInstance,
  formFields: readonly string[],
  title: string,
  description: string,
): Feedback {
  const described = describeApiError(error);
  const details = applyFieldErrors(form, described.fieldErrors, formFields);
  if (!Object.keys(described.fieldErrors).length && described.message) {
    details.push(described.message);
  }
  return { type: 'error', title, description, details };
}
