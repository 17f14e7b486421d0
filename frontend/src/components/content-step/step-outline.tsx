import type { ReactNode } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { stepKey, type OutlineSelection, type StepRef } from './step-sequence';
import './course-reader.css';

/** What a screen adds to a step of the outline: a state (a class `is-…`, a data-state) and a mark after the title. */
export interface OutlineMark {
  state?: string;
  mark?: ReactNode;
}

/**
 * The outline of a course read step by step (the authoring preview, the course player): chapters
 * as buttons that open their sub-chapters, one chapter open at a time, the current step marked.
 */
export function StepOutline({
  sequence,
  selection,
  onChapter,
  onStep,
  subchaptersLabel,
  idPrefix,
  markOf,
}: {
  sequence: readonly StepRef[];
  selection: OutlineSelection;
  onChapter: (chapter: StepRef) => void;
  onStep: (step: StepRef) => void;
  subchaptersLabel: (chapter: string) => string;
  /** Names the lists of sub-chapters (ids must be unique on the page). */
  idPrefix: string;
  markOf?: (step: StepRef) => OutlineMark;
}) {
  const current = selection.selected ? stepKey(selection.selected) : null;
  const button = (step: StepRef, onClick: () => void, expanded?: { open: boolean; controls: string }) => {
    const { state, mark } = markOf?.(step) ?? {};
    const classes = ['reader-outline__step', state ? `is-${state}` : '', current === stepKey(step) ? 'is-current' : ''].filter(Boolean).join(' ');
    return (
      <button
        type="button"
        className={classes}
        aria-current={current === stepKey(step) ? 'step' : undefined}
        aria-expanded={expanded?.open}
        aria-controls={expanded?.open ? expanded.controls : undefined}
        data-testid={`outline-${stepKey(step)}`}
        data-state={state}
        onClick={onClick}
      >
        <span className="reader-outline__number">{step.number}</span>
        <span className="reader-outline__title">{step.title}</span>
        {mark}
        {expanded ? <DownOutlined className="reader-outline__chevron" rotate={expanded.open ? 180 : 0} aria-hidden /> : null}
      </button>
    );
  };
  return (
    <ol className="reader-outline">
      {sequence
        .filter((step) => step.kind === 'chapter')
        .map((chapter) => {
          const open = selection.expandedChapterId === chapter.chapterId;
          const subs = sequence.filter((step) => step.kind === 'subchapter' && step.chapterId === chapter.chapterId);
          const listId = `${idPrefix}-subchapters-${chapter.id}`;
          return (
            <li key={chapter.id}>
              {button(chapter, () => onChapter(chapter), subs.length ? { open, controls: listId } : undefined)}
              {subs.length && open ? (
                <ol id={listId} className="reader-outline__subs" aria-label={subchaptersLabel(chapter.title)}>
                  {subs.map((sub) => (
                    <li key={sub.id}>{button(sub, () => onStep(sub))}</li>
                  ))}
                </ol>
              ) : null}
            </li>
          );
        })}
    </ol>
  );
}
