import { confirmRemoval, type ModalApi } from '../../../components/confirm';
import { toast } from '../../../lib/feedback';
import type { RemovalPreview } from '../authoring-types';
import { messages as m } from '../messages';

/** What the confirmation says: whether the course or step will be archived or deleted. */
export function removalText(preview: RemovalPreview, what: 'course' | 'step'): string {
  const archive = preview.mode === 'archive';
  if (what === 'course') return archive ? m.removal.archiveCourse(preview.enrolled_students) : m.removal.deleteCourse;
  return archive ? m.removal.archiveStep(preview.enrolled_students) : m.removal.deleteStep;
}

/**
 * Removing a course or a step (03 §8): the server's preview first (archived when learners follow
 * it, deleted otherwise), quoted under 'Êtes-vous sûr ?' / 'Cette action est irréversible !' with
 * 'Oui, supprimer !' and 'Annuler'; then the removal, its outcome told in a toast.
 */
export async function confirmPreviewedRemoval<R>(
  modal: ModalApi,
  options: { preview: () => Promise<RemovalPreview>; what: 'course' | 'step'; title?: string; remove: () => Promise<R>; done: (answer: R) => string; failed: string; onDone?: () => void },
): Promise<void> {
  let preview: RemovalPreview;
  try {
    preview = await options.preview();
  } catch {
    toast('error', options.failed, 3);
    return;
  }
  await confirmRemoval(modal, {
    title: options.title ?? m.removal.title,
    content: `${m.removal.irreversible} ${removalText(preview, options.what)}`,
    yes: m.removal.confirm,
    cancel: m.removal.cancel,
    remove: options.remove,
    done: options.done,
    failed: () => options.failed,
    onDone: options.onDone,
  });
}
