import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeftOutlined, LeftOutlined, MenuFoldOutlined, MenuUnfoldOutlined, RightOutlined } from '@ant-design/icons';
import { useMediaSession } from '../../../lib/media-session';
import { isNarrowScreen } from '../../../lib/use-narrow-screen';
import {
  ContentStep,
  clickChapter,
  contentStepMessages,
  flattenSteps,
  goToStep,
  initialSelection,
  neighbours,
  stepKey,
  StepOutline,
  type OutlineSelection,
  type QuizStepView,
  type StepRef,
} from '../../../components/content-step';
import { DeclaredDuration } from '../../../components/course';
import { StatusMessage } from '../../../components/status';
import type { ChapterView, SubchapterView } from '../authoring-types';
import { messages as m } from '../messages';

/** A step's declared average duration (issue 26), shown in the outline as the learner sees it. */
function declaredOf(chapters: readonly ChapterView[], step: { kind: string; id: number; chapterId: number }): number | null {
  const chapter = chapters.find((c) => c.id === step.chapterId);
  const found = step.kind === 'chapter' ? chapter : chapter?.subchapters.find((s) => s.id === step.id);
  return found?.declared_minutes ?? null;
}


/** What a screen shows of a SCORM chapter (its package with a run-time in browse mode), given the chapter and its scorm_url. */
export type ScormStepView = (chapter: ChapterView, scormUrl: string) => ReactNode;

/** "2. Formules" for a chapter, "2.1 Références" for a sub-chapter. */
export const stepHeading = (step: StepRef, title: string) => `${step.number}${step.kind === 'chapter' ? '.' : ''} ${title}`;

function findStep(chapters: readonly ChapterView[], step: StepRef): ChapterView | SubchapterView | undefined {
  const chapter = chapters.find((c) => c.id === step.chapterId);
  return step.kind === 'chapter' ? chapter : chapter?.subchapters.find((s) => s.id === step.id);
}

/**
 * The full-width preview of a course as a student reads it (02 §2, 03 §4): a collapsible outline,
 * the selected step, Previous/Next through chapters and their sub-chapters. Nothing is recorded
 * and quizzes are not interactive (`quizView` shows a quiz step's quiz, read only). Media load
 * once the media session is open.
 */
export function CoursePreview({
  title,
  chapters,
  backTo,
  backLabel,
  quizView,
  scormView,
}: {
  title: string;
  chapters: readonly ChapterView[];
  backTo: string;
  backLabel: string;
  quizView?: QuizStepView;
  scormView?: ScormStepView;
}) {
  const sequence = useMemo(() => flattenSteps(chapters), [chapters]);
  const [selection, setSelection] = useState<OutlineSelection>(() => initialSelection(sequence));
  // On a phone the outline would push the step below the fold: it starts folded there.
  const [outlineOpen, setOutlineOpen] = useState(() => !isNarrowScreen('lg'));
  const media = useMediaSession();
  const { previous, next } = neighbours(sequence, selection.selected);
  const selected = selection.selected;
  const content = selected ? findStep(chapters, selected) : undefined;
  const position = selected ? sequence.findIndex((step) => stepKey(step) === stepKey(selected)) + 1 : 0;

  return (
    <div className={outlineOpen ? 'course-reader' : 'course-reader is-collapsed'}>
      <header className="course-reader__bar">
        <Link to={backTo} className="course-reader__back">
          <ArrowLeftOutlined aria-hidden /> {backLabel}
        </Link>
        <h1 className="course-reader__title">
          <span className="course-reader__badge">{m.preview.badge}</span> {title}
        </h1>
        {sequence.length ? (
          <button
            type="button"
            className="button course-reader__toggle"
            aria-expanded={outlineOpen}
            aria-controls="preview-outline"
            onClick={() => setOutlineOpen((open) => !open)}
          >
            {outlineOpen ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />} {outlineOpen ? m.preview.hideOutline : m.preview.showOutline}
          </button>
        ) : null}
      </header>
      {sequence.length === 0 ? (
        <StatusMessage kind="preparing" title={m.preview.empty} />
      ) : (
        <div className="course-reader__body">
          {outlineOpen ? (
            <nav id="preview-outline" className="course-reader__outline" aria-label={m.preview.outline}>
              <StepOutline
                sequence={sequence}
                selection={selection}
                onChapter={(chapter) => setSelection((state) => clickChapter(state, chapter))}
                onStep={(step) => setSelection((state) => goToStep(state, step))}
                subchaptersLabel={m.preview.subchaptersOf}
                idPrefix="preview"
                markOf={(step) => ({ mark: <DeclaredDuration minutes={declaredOf(chapters, step)} className="declared-duration reader-outline__declared" /> })}
              />
            </nav>
          ) : null}
          <section className="course-reader__content" aria-labelledby="preview-step-title">
            {selected && content ? (
              <>
                <p className="course-reader__position">{m.preview.stepOf(position, sequence.length)}</p>
                <h2 id="preview-step-title" className="course-reader__step-title">
                  {stepHeading(selected, content.title)}
                </h2>
                {content.description ? <p className="course-reader__description">{content.description}</p> : null}
                {'scorm_rule' in content && content.content_type === 'scorm' ? (
                  <p className="course-reader__scorm-rule" data-testid="preview-scorm-rule">
                    {m.preview.scormRule(m.stepForm.scormRules[content.scorm_rule].replace(' (par défaut)', ''))}
                  </p>
                ) : null}
                <div className="course-reader__step" data-testid="preview-step" data-step={stepKey(selected)}>
                  {media.ready || media.failed ? (
                    <ContentStep
                      key={stepKey(selected)}
                      step={content}
                      quizView={quizView}
                      players={scormView && selected.kind === 'chapter' ? { scorm: (url) => scormView(content as ChapterView, url) } : undefined}
                    />
                  ) : (
                    <p className="content-step__notice" role="status">
                      {contentStepMessages.mediaLoading}
                    </p>
                  )}
                </div>
              </>
            ) : null}
            <nav className="course-reader__steps" aria-label={m.preview.stepsNav}>
              <button type="button" className="button" disabled={!previous} onClick={() => previous && setSelection((state) => goToStep(state, previous))}>
                <LeftOutlined aria-hidden /> {m.preview.previous}
              </button>
              <button type="button" className="button" disabled={!next} onClick={() => next && setSelection((state) => goToStep(state, next))}>
                {m.preview.next} <RightOutlined aria-hidden />
              </button>
            </nav>
          </section>
        </div>
      )}
    </div>
  );
}
