import type { FormInstance } from 'antd';

/** Error body of the API: `{statusCode, message, errors?: {field: [messages]}}`. */
export interface ApiErrorBody {
  statusCode?: number;
  message?: string | string[];
  errors?: Record<string, string[] | string>;
}

export interface DescribedError {
  /** network: no answer; server: 5xx or unreadable answer; client: 4xx. */
  kind: 'network' | 'server' | 'client';
  status: number | null;
  message: string | null;
  fieldErrors: Record<string, string[]>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads an RTK Query error (FetchBaseQueryError or SerializedError) into one shape. */
export function describeApiError(error: unknown): DescribedError {
  const status = isRecord(error) ? error.status : undefined;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || typeof status !== 'number') {
    const parsing = status === 'PARSING_ERROR';
    return {
      kind: parsing ? 'server' : 'network',
      status: null,
      message: null,
      fieldErrors: {},
    };
  }
  const body: ApiErrorBody = isRecord(error) && isRecord(error.data) ? error.data : {};
  const rawMessage = Array.isArray(body.message) ? body.message.join(' ') : body.message;
  const fieldErrors: Record<string, string[]> = {};
  if (isRecord(body.errors)) {
    for (const [field, value] of Object.entries(body.errors)) {
      const list = Array.isArray(value) ? value.map(String) : [String(value)];
      if (list.length) fieldErrors[field] = list;
    }
  }
  return {
    kind: status >= 500 ? 'server' : 'client',
    status,
    message: typeof rawMessage === 'string' && rawMessage ? rawMessage : null,
    fieldErrors,
  };
}

/**
 * Shows the server's field errors under the form fields. Returns the messages of fields the
 * form does not have, so the caller can show them elsewhere.
 */
export function applyFieldErrors(
  form: FormInstance,
  fieldErrors: Record<string, string[]>,
  formFields: readonly string[],
): string[] {
  const shown = Object.entries(fieldErrors).filter(([name]) => formFields.includes(name));
  form.setFields(shown.map(([name, errors]) => ({ name, errors })));
  return Object.entries(fieldErrors)
    .filter(([name]) => !formFields.includes(name))
    .flatMap(([, errors]) => errors);
}
