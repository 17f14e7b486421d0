import type { ReactNode } from 'react';
import { Modal } from 'antd';
import { toast } from '../../../lib/feedback';
import {
  useDeleteChapterMutation,
  useDeleteSubchapterMutation,
  useLazyGetChapterRemovalQuery,
  useLazyGetSubchapterRemovalQuery,
  useReorderChaptersMutation,
  useReorderSubchaptersMutation,
} from '../authoring-api';
import type { ChapterView, SubchapterView } from '../authoring-types';
import { messages as m } from '../messages';
import { confirmPreviewedRemoval } from './removal';
import StructureTable from './structure-table';

export interface StepActions {
  removeChapter: (chapter: ChapterView) => Promise<void>;
  removeSubchapter: (sub: SubchapterView) => Promise<void>;
}

/**
 * The structure table of a course wired to the server: the new order is sent whole (PUT …/order/)
 * and shown at once, a removal asks first, saying whether the step will be archived or deleted.
 * The trainer's and the admin's screens give their own actions (links or dialogs).
 */
export function StructureEditor({
  courseId,
  chapters,
  caption,
  chapterActions,
  subchapterActions,
}: {
  courseId: number;
  chapters: readonly ChapterView[];
  caption: string;
  chapterActions: (chapter: ChapterView, actions: StepActions) => ReactNode;
  subchapterActions: (sub: SubchapterView, chapter: ChapterView, actions: StepActions) => ReactNode;
}) {
  const [modal, holder] = Modal.useModal();
  const [reorderChapters] = useReorderChaptersMutation();
  const [reorderSubchapters] = useReorderSubchaptersMutation();
  const [chapterRemoval] = useLazyGetChapterRemovalQuery();
  const [subchapterRemoval] = useLazyGetSubchapterRemovalQuery();
  const [deleteChapter] = useDeleteChapterMutation();
  const [deleteSubchapter] = useDeleteSubchapterMutation();

  const reordered = (saving: Promise<unknown>) =>
    saving.then(
      () => toast('success', m.chapters.reordered, 2),
      () => toast('error', m.chapters.reorderFailed, 3),
    );

  const actions: StepActions = {
    removeChapter: (chapter) =>
      confirmPreviewedRemoval(modal, {
        preview: () => chapterRemoval(chapter.id, false).unwrap(),
        what: 'step',
        title: m.chapters.confirmDeleteChapter,
        remove: () => deleteChapter({ chapterId: chapter.id, courseId }).unwrap(),
        done: ({ archived }) => (archived ? m.chapters.archived : m.chapters.deleted),
        failed: m.chapters.deleteFailed,
      }),
    removeSubchapter: (sub) =>
      confirmPreviewedRemoval(modal, {
        preview: () => subchapterRemoval(sub.id, false).unwrap(),
        what: 'step',
        title: m.chapters.confirmDeleteSubchapter,
        remove: () => deleteSubchapter({ subchapterId: sub.id, courseId }).unwrap(),
        done: ({ archived }) => (archived ? m.chapters.subArchived : m.chapters.subDeleted),
        failed: m.chapters.deleteFailed,
      }),
  };

  return (
    <>
      {holder}
      <p className="structure-editor__hint">{m.chapters.reorderHint}</p>
      <StructureTable
        chapters={chapters}
        caption={caption}
        onReorderChapters={(chapterIds) => reordered(reorderChapters({ courseId, chapterIds }).unwrap())}
        onReorderSubchapters={(chapterId, subchapterIds) => reordered(reorderSubchapters({ courseId, chapterId, subchapterIds }).unwrap())}
        chapterActions={(chapter) => chapterActions(chapter, actions)}
        subchapterActions={(sub, chapter) => subchapterActions(sub, chapter, actions)}
      />
    </>
  );
}
