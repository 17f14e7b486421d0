import type { Modal as AntModal } from 'antd';
import type { RemovalPreview } from '../authoring-types';
import { messages as m } from '../messages';

/** The instance of Modal.useModal() of the screen. */
export type ModalApi = ReturnType<typeof AntModal.useModal>[0];

/** What the confirmation says: whether the course or step will be archived or deleted. */
export function removalText(preview: RemovalPreview, what: 'course' | 'step'): string {
  const archive = preview.mode === 'archive';
  if (what === 'course') return archive ? m.removal.archiveCourse(preview.enrolled_students) : m.removal.deleteCourse;
  return archive ? m.removal.archiveStep(preview.enrolled_students) : m.removal.deleteStep;
}

/**
 * 'Êtes-vous sûr ?' / 'Cette action est irréversible !' with 'Oui, supprimer !' and 'Annuler'
 * (03 §8), plus what will happen; resolves true when confirmed.
 */
export function confirmRemoval(modal: ModalApi, preview: RemovalPreview, what: 'course' | 'step', title: string = m.removal.title): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({
      title,
      content: `${m.removal.irreversible} ${removalText(preview, what)}`,
      okText: m.removal.confirm,
      cancelText: m.removal.cancel,
      okButtonProps: { danger: true },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
