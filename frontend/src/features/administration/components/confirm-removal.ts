import { createElement } from 'react';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { confirmRemoval, type ModalApi } from '../../../components/confirm';
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
export async function confirmPlannedRemoval(
  modal: ModalApi,
  options: { plan: () => Promise<RemovalPlan>; remove: () => Promise<RemovalResponse>; wording: RemovalWording; testId: string; onDone?: () => void },
): Promise<void> {
  const { wording: w } = options;
  const failed = (failure: unknown) => w.failed(describeApiError(failure).message);
  let plan: RemovalPlan;
  try {
    plan = await options.plan();
  } catch (failure) {
    toast('error', failed(failure), 3);
    return;
  }
  await confirmRemoval(modal, {
    title: w.title,
    content: createElement(
      'div',
      { 'data-testid': options.testId },
      createElement('p', null, plan.message),
      plan.mode === 'delete' ? createElement('p', { className: 'admin-warning' }, w.irreversible) : null,
    ),
    yes: w.yes,
    cancel: w.cancel,
    remove: options.remove,
    done: (answer) => w.done(answer.mode),
    failed,
    onDone: options.onDone,
  });
}
