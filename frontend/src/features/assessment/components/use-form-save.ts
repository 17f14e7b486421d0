import { useState } from 'react';
import type { FormInstance } from 'antd';
import { applyFieldErrors, describeApiError } from '../../../lib/api-errors';

/**
 * The save of a quiz form: sending while the call runs, then the server's field errors under their
 * fields and the rest (or `failureMessage`) in one line for the form's alert.
 */
export function useFormSave<T>(form: FormInstance<T>, fields: readonly string[], failureMessage: string, onSendingChange?: (sending: boolean) => void) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (save: () => Promise<unknown>) => {
    setFailure(null);
    setSending(true);
    onSendingChange?.(true);
    try {
      await save();
    } catch (error) {
      const described = describeApiError(error);
      const others = applyFieldErrors(form as FormInstance, described.fieldErrors, fields);
      setFailure([described.message ?? failureMessage, ...others].join(' '));
    } finally {
      setSending(false);
      onSendingChange?.(false);
    }
  };
  return { sending, failure, run };
}
