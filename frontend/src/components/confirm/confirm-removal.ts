import type { ReactNode } from 'react';
import type { Modal } from 'antd';
import { toast } from '../../lib/feedback';

/** The instance of Modal.useModal() of the screen. */
export type ModalApi = ReturnType<typeof Modal.useModal>[0];

export interface Removal<R> {
  title: string;
  /** What will happen (the server's plan, the irreversibility warning), under the title. */
  content?: ReactNode;
  yes: string;
  cancel: string;
  remove: () => Promise<R>;
  /** The toast once done, by what the server answered. */
  done: (answer: R) => string;
  /** The toast on failure, from what failed. */
  failed: (failure: unknown) => string;
  onDone?: (answer: R) => void;
}

/**
 * Every removal of the application (03 §4, §8): the screen's question with a red « Oui, supprimer ! »
 * and « Annuler »; on yes, the call, the button spinning until the server answers; the outcome told
 * in a toast. Resolves true once removed, false when cancelled or failed.
 */
export function confirmRemoval<R>(modal: ModalApi, removal: Removal<R>): Promise<boolean> {
  return new Promise((resolve) => {
    void modal.confirm({
      title: removal.title,
      content: removal.content,
      okText: removal.yes,
      cancelText: removal.cancel,
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const answer = await removal.remove();
          toast('success', removal.done(answer), 3);
          removal.onDone?.(answer);
          resolve(true);
        } catch (failure) {
          toast('error', removal.failed(failure), 3);
          resolve(false);
        }
      },
      onCancel: () => resolve(false),
    });
  });
}
