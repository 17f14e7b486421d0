import { createContext, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { HolderOutlined } from '@ant-design/icons';
import { DeclaredDuration, formatDuration } from '../../../components/course';
import type { ChapterView, SubchapterView } from '../authoring-types';
import { messages as m } from '../messages';

/** The ids in their new order after moving `active` onto `over`, or null when nothing moves. */
export function reorderedIds(ids: readonly number[], active: UniqueIdentifier, over: UniqueIdentifier | null | undefined): number[] | null {
  if (over === null || over === undefined || active === over) return null;
  const from = ids.indexOf(Number(active));
  const to = ids.indexOf(Number(over));
  if (from < 0 || to < 0) return null;
  return arrayMove([...ids], from, to);
}

interface HandleProps {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
}

const HandleContext = createContext<HandleProps | null>(null);

function DragHandle({ label }: { label: string }) {
  const handle = useContext(HandleContext);
  if (!handle) return null;
  return (
    <button type="button" className="structure-table__handle" ref={handle.setActivatorNodeRef} {...handle.attributes} {...handle.listeners} aria-label={label}>
      <HolderOutlined aria-hidden />
    </button>
  );
}

function useSortableStyle(id: number) {
  const sortable = useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    position: 'relative',
    zIndex: sortable.isDragging ? 2 : undefined,
  };
  const handle: HandleProps = { attributes: sortable.attributes, listeners: sortable.listeners, setActivatorNodeRef: sortable.setActivatorNodeRef };
  return { ref: sortable.setNodeRef, style, handle, dragging: sortable.isDragging };
}

function announcements(titleOf: (id: UniqueIdentifier) => string, positionOf: (id: UniqueIdentifier) => number): Announcements {
  return {
    onDragStart: ({ active }) => m.chapters.announcePickUp(titleOf(active.id)),
    onDragOver: ({ active, over }) => (over ? m.chapters.announceOver(titleOf(active.id), positionOf(over.id)) : undefined),
    onDragEnd: ({ active, over }) => (over ? m.chapters.announceDrop(titleOf(active.id), positionOf(over.id)) : m.chapters.announceCancel(titleOf(active.id))),
    onDragCancel: ({ active }) => m.chapters.announceCancel(titleOf(active.id)),
  };
}

/** One sortable list (the chapters, or one chapter's sub-chapters), by pointer and by keyboard. */
function SortableList({ items, onReorder, children }: { items: readonly { id: number; title: string }[]; onReorder: (ids: number[]) => void; children: ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const accessibility = useMemo(
    () => ({
      announcements: announcements(
        (id) => items.find((item) => item.id === Number(id))?.title ?? '',
        (id) => ids.indexOf(Number(id)) + 1,
      ),
      screenReaderInstructions: { draggable: m.chapters.reorderHint },
    }),
    [items, ids],
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const next = reorderedIds(ids, active.id, over?.id);
    if (next) onReorder(next);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

export interface StructureTableProps {
  chapters: readonly ChapterView[];
  onReorderChapters: (chapterIds: number[]) => void;
  onReorderSubchapters: (chapterId: number, subchapterIds: number[]) => void;
  chapterActions: (chapter: ChapterView) => ReactNode;
  subchapterActions: (subchapter: SubchapterView, chapter: ChapterView) => ReactNode;
  caption: string;
}

function SubchapterRow({ sub, number, chapter, actions }: { sub: SubchapterView; number: string; chapter: ChapterView; actions: StructureTableProps['subchapterActions'] }) {
  const { ref, style, handle, dragging } = useSortableStyle(sub.id);
  return (
    <tr ref={ref} style={style} className={dragging ? 'structure-table__sub is-dragging' : 'structure-table__sub'} data-testid={`subchapter-row-${sub.id}`}>
      <td className="structure-table__handle-cell">
        <HandleContext.Provider value={handle}>
          <DragHandle label={m.chapters.dragStep(sub.title)} />
        </HandleContext.Provider>
      </td>
      <td className="structure-table__number">{number}</td>
      <td className="structure-table__title structure-table__title--sub">{sub.title}</td>
      <td className="structure-table__type">{m.stepForm.contentTypes[sub.content_type] ?? sub.content_type}</td>
      <td className="structure-table__duration">
        {sub.duration ? formatDuration(sub.duration) : '—'}
        {sub.declared_minutes ? <DeclaredDuration minutes={sub.declared_minutes} className="declared-duration structure-table__declared" /> : null}
      </td>
      <td className="structure-table__actions">{actions(sub, chapter)}</td>
    </tr>
  );
}

function ChapterBody({ chapter, index, props }: { chapter: ChapterView; index: number; props: StructureTableProps }) {
  const { ref, style, handle, dragging } = useSortableStyle(chapter.id);
  const number = `${index + 1}`;
  return (
    <tbody ref={ref} style={style} className={dragging ? 'structure-table__group is-dragging' : 'structure-table__group'} data-testid={`chapter-group-${chapter.id}`}>
      <tr className="structure-table__chapter" data-testid={`chapter-row-${chapter.id}`}>
        <td className="structure-table__handle-cell">
          <HandleContext.Provider value={handle}>
            <DragHandle label={m.chapters.dragStep(chapter.title)} />
          </HandleContext.Provider>
        </td>
        <td className="structure-table__number">{number}</td>
        <th scope="row" className="structure-table__title">
          {chapter.title}
        </th>
        <td className="structure-table__type">{m.stepForm.contentTypes[chapter.content_type] ?? chapter.content_type}</td>
        <td className="structure-table__duration">
        {chapter.duration ? formatDuration(chapter.duration) : '—'}
        {chapter.declared_minutes ? <DeclaredDuration minutes={chapter.declared_minutes} className="declared-duration structure-table__declared" /> : null}
      </td>
        <td className="structure-table__actions">{props.chapterActions(chapter)}</td>
      </tr>
      {chapter.subchapters.length ? (
        <SortableList items={chapter.subchapters} onReorder={(ids) => props.onReorderSubchapters(chapter.id, ids)}>
          {chapter.subchapters.map((sub, subIndex) => (
            <SubchapterRow key={sub.id} sub={sub} number={`${number}.${subIndex + 1}`} chapter={chapter} actions={props.subchapterActions} />
          ))}
        </SortableList>
      ) : null}
    </tbody>
  );
}

/**
 * The course's chapters, each followed by its sub-chapters numbered 1.1, 1.2…: a handle, the
 * number, the title, the type, the duration and the actions. Chapters move as a block with their
 * sub-chapters; sub-chapters move within their chapter; by pointer or by keyboard (Space, arrows,
 * Space). The parent saves the new order; the list moves at once.
 */
export default function StructureTable(props: StructureTableProps) {
  const { chapters, onReorderChapters, caption } = props;
  return (
    <div className="structure-table__scroll">
      <table className="structure-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="structure-table__handle-cell">
              <span className="visually-hidden">{m.chapters.drag}</span>
            </th>
            <th scope="col" className="structure-table__number">
              {m.chapters.number}
            </th>
            <th scope="col">{m.chapters.stepTitle}</th>
            <th scope="col" className="structure-table__type">
              {m.chapters.type}
            </th>
            <th scope="col" className="structure-table__duration">
              {m.chapters.duration}
            </th>
            <th scope="col" className="structure-table__actions">
              {m.common.actions}
            </th>
          </tr>
        </thead>
        <SortableList items={chapters} onReorder={onReorderChapters}>
          {chapters.map((chapter, index) => (
            <ChapterBody key={chapter.id} chapter={chapter} index={index} props={props} />
          ))}
        </SortableList>
      </table>
    </div>
  );
}
