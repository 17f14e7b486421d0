import type { ChapterView, SubchapterView } from '../../../lib/api-schema';
import type { StepRef } from '../../../components/content-step';
import type { StepTarget } from './progress-saver';

/** The chapter or sub-chapter a step of the outline names. */
export function findStep(chapters: readonly ChapterView[], step: StepRef): ChapterView | SubchapterView | undefined {
  const chapter = chapters.find((c) => c.id === step.chapterId);
  return step.kind === 'chapter' ? chapter : chapter?.subchapters.find((s) => s.id === step.id);
}

/** What the saves say of a step: its content type, its chapter and, for a sub-chapter, its id. */
export const targetOf = (step: StepRef, content: { content_type: string }): StepTarget =>
  step.kind === 'chapter' ? { content_type: content.content_type, chapter: step.id } : { content_type: content.content_type, chapter: step.chapterId, subchapter: step.id };

/** The outline's key (stepKey) of a saved target or of a progress record. */
export const keyOfRecord = (record: { chapter: number | null; subchapter?: number | null }): string =>
  record.subchapter !== undefined && record.subchapter !== null ? `subchapter-${record.subchapter}` : `chapter-${record.chapter}`;

/** "2. Formules" for a chapter, "2.1 Références" for a sub-chapter. */
export const stepHeading = (step: StepRef) => `${step.number}${step.kind === 'chapter' ? '.' : ''} ${step.title}`;
