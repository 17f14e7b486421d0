import { createElement } from 'react';
import type { Modal } from 'antd';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import type { RemovalPlan, RemovalResponse } from '../admin-types';


export interface RemovalWording {
  title: string;
  yes: string;
  cancel: string;
  irreversible: string;
  /** The toast once done, by what the server did. */
  done: (mode: 'close' | 'delete') => string;
  /** The toast on failure, with the server's reason when it gave one. */
  failed: (reason: string | null) => string;
}

/**
 * Deleting a student or a trainer (03 §4, ADR 0015): first the server's plan, quoted in the
 * confirmation (with the irreversibility warning only when the person is removed for good), then
 * the deletion after « Oui, supprimer ! », its outcome told in a toast.
 */
export async function confirmRemoval(
  modal: ReturnType<typeof Modal.useModal>[0],
  options: { plan: () => Promise<RemovalPlan>; remove: () => Promise<RemovalResponse>; wording: RemovalWording; testId: string; onDone?: () => void },
): Promise<void> {
  const { wording: w } = options;
  let plan: RemovalPlan;
  try {
    plan = await options.plan();
  } catch (failure) {
    toast('error', w.failed(describeApiError(failure).message), 3);
    return;
  }
  void modal.confirm({
    title: w.title,
    content: createElement(
      'div',
      { 'data-testid': options.testId },
      createElement('p', null, plan.message),
      plan.mode === 'delete' ? createElement('p', { className: 'admin-warning' }, w.irreversible) : null,
    ),
    okText: w.yes,
    cancelText: w.cancel,
    okButtonProps: { danger: true },
    onOk: async () => {
      try {
        const answer = await options.remove();
        toast('success', w.done(answer.mode), 3);
        options.onDone?.();
      } catch (failure) {
        toast('error', w.failed(describeApiError(failure).message), 3);
      }
    },
  });
}
