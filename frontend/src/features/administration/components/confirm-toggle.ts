import type { Modal } from 'antd';
import { toast } from '../../../lib/feedback';

export interface ToggleWording {
  title: string;
  text: string;
  yes: string;
  cancel: string;
  /** The toast once done, by the state the server answers. */
  done: (active: boolean) => string;
  failed: string;
}

/**
 * Suspending or reactivating a student or a trainer (03 §2, §4): the screen's confirmation (red
 * for a suspension), then the call, its outcome told in a toast. An answer with `success: false`
 * counts as a failure.
 */
export function confirmToggle(
  modal: ReturnType<typeof Modal.useModal>[0],
  options: { suspending: boolean; toggle: () => Promise<{ is_active: boolean; success?: boolean }>; wording: ToggleWording },
): void {
  const { wording: w } = options;
  void modal.confirm({
    title: w.title,
    content: w.text,
    okText: w.yes,
    cancelText: w.cancel,
    okButtonProps: { danger: options.suspending },
    onOk: async () => {
      try {
        const answer = await options.toggle();
        if (answer.success === false) throw new Error('refused');
        toast('success', w.done(answer.is_active), 2);
      } catch {
        toast('error', w.failed, 3);
      }
    },
  });
}
