import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Drawer, Modal } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { ChapterView } from '../../../lib/api-schema';
import { usePageTitle } from '../../../lib/hooks';
import { afterPackagesUnloaded } from '../../../lib/scorm-bridge';
import { useMediaSession } from '../../../lib/media-session';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { clickChapter, flattenSteps, goToStep, neighbours, stepKey, StepOutline, type OutlineSelection, type StepRef } from '../../../components/content-step';
import { DeclaredDuration } from '../../../components/course';
import { StatusMessage } from '../../../components/status';
import { messages as m } from '../messages';
import { useCompleteCourseMutation, useGetProgressQuery, useGetProgressRulesQuery, useGetStudentCoursesQuery } from '../progress-api';
import { PlayerBar, stateMark } from '../player/player-bar';
import { findStep, keyOfRecord, stepHeading, targetOf } from '../player/player-steps';
import type { ProgressAnswer, StepTarget } from '../player/progress-saver';
import { StepBody, type PlayerQuizView } from '../player/step-body';
import { StepEvidence } from '../player/step-evidence';
import { completionPercent, forwardAction, startingStep, stepStates } from '../player/step-states';
import { useProgressClock } from '../player/use-progress-clock';
import { useQuizCheck } from '../player/use-quiz-check';
import type { SendResult } from '../transport';
import { useCommitQueue } from '../scorm/use-commit-queue';
import type { VideoReport } from '../video/tracked-video';
import '../learning-progress.css';

export type { PlayerQuizView, QuizStepPlace } from '../player/step-body';

type Verdict = { validated: boolean; reason: string | null };

/**
 * The course player, /mini/{course_id} (01 §2.3, §4): the sidebar of chapters and sub-chapters
 * with each one's state and the course's completion, the step's content (the preview's renderer,
 * with the player's video tracking, SCORM runtime and interactive quiz), Previous and Next. It
 * starts on the first step not validated, refuses locked steps and Next on a step not validated
 * with the spec's warnings, and ends with 'Terminer le cours'. Time beats and evidence are saved
 * as the learner goes; the server decides what is validated.
 */
export function CoursePlayer({
  courseId,
  title,
  chapters,
  student,
  learnerName,
  quizView,
}: {
  courseId: number;
  title: string;
  chapters: readonly ChapterView[];
  student: number;
  learnerName: string;
  quizView: PlayerQuizView;
}) {
  usePageTitle(m.player.title(title));
  const sequence = useMemo(() => flattenSteps(chapters), [chapters]);
  const progress = useGetProgressQuery({ student, course: courseId });
  const courses = useGetStudentCoursesQuery(student);
  const [completeCourse, completing] = useCompleteCourseMutation();
  const [verdicts, setVerdicts] = useState<Map<string, Verdict>>(() => new Map());
  const [completed, setCompleted] = useState(false);
  const [selection, setSelection] = useState<OutlineSelection | null>(null);
  const [outlineOpen, setOutlineOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [watched, setWatched] = useState(0);
  const [finishing, setFinishing] = useState(false);
  const rules = useGetProgressRulesQuery();
  const videoRules = rules.data?.video;
  // The server's reason is shown once the learner asked (the finish button) or a video stopped: not on opening.
  const [explained, setExplained] = useState<string | null>(null);
  const narrow = useNarrowScreen('lg');
  const media = useMediaSession();
  const [modal, modalHolder] = Modal.useModal();
  const stepSection = useRef<HTMLElement>(null);
  const scrollToStep = useRef(false);

  const validated = useMemo(() => {
    const keys = new Set<string>();
    for (const record of progress.data ?? []) {
      if (!record.validated) continue;
      keys.add(keyOfRecord(record));
    }
    for (const [key, verdict] of verdicts) if (verdict.validated) keys.add(key);
    return keys;
  }, [progress.data, verdicts]);
  const states = useMemo(() => stepStates(sequence, validated), [sequence, validated]);
  const percent = completionPercent(sequence, validated);
  const courseCompleted = completed || Boolean(courses.data?.find((course) => course.id === courseId)?.completed_at);

  const onAnswer = useCallback((target: StepTarget, answer: SendResult<ProgressAnswer>) => {
    if (answer.ok) {
      setVerdicts((current) => new Map(current).set(keyOfRecord(target), { validated: answer.data.validated, reason: answer.data.reason }));
    }
  }, []);
  const clock = useProgressClock({ student, course: courseId, onAnswer });
  const scorm = useCommitQueue(student, (commit, answer) => {
    if (answer.validated) setVerdicts((current) => new Map(current).set(keyOfRecord(commit), { validated: true, reason: null }));
  });
  const quiz = useQuizCheck(() => progress.refetch().unwrap().catch(() => null));

  // The starting step, once the records are read (or could not be): the first not validated, else the last.
  useEffect(() => {
    if (selection || progress.isLoading) return;
    const start = startingStep(sequence, validated);
    setSelection(start ? goToStep({ selected: null, expandedChapterId: null }, start) : { selected: null, expandedChapterId: null });
  }, [selection, progress.isLoading, sequence, validated]);

  const selected = selection?.selected ?? null;
  const content = selected ? findStep(chapters, selected) : undefined;
  const target = selected && content ? targetOf(selected, content) : null;
  const selectedKey = selected ? stepKey(selected) : null;
  const verdict = selectedKey ? verdicts.get(selectedKey) : undefined;
  const stepValidated = selectedKey ? validated.has(selectedKey) : false;

  // The step on screen is opened on the server and its time counted; the previous one saved.
  useEffect(() => {
    clock.show(target);
    setWatched(0);
    quiz.stop();
    setExplained(null);
    // target is rebuilt on each render: the step is named by its key.
  }, [selectedKey]);

  const warn = (title: string, text: string) => modal.warning({ title, content: text, okText: m.player.ok });

  const go = (step: StepRef, from: 'outline' | 'footer') => {
    if (states.get(stepKey(step)) === 'locked') {
      if (step.kind === 'chapter') warn(m.player.chapterLockedTitle, m.player.chapterLockedText);
      else warn(m.player.subchapterLockedTitle, m.player.subchapterLockedText);
      return;
    }
    if (from === 'outline') setDrawerOpen(false);
    // « Suivant » is at the foot of a long step: the next one is read from its title, below the sticky header.
    if (from === 'footer') scrollToStep.current = true;
    // A SCORM package on screen is unloaded first, so the calls of its unload handlers arrive (ADR 0025).
    if (stepKey(step) === selectedKey) return setSelection((state) => goToStep(state ?? { selected: null, expandedChapterId: null }, step));
    afterPackagesUnloaded(() => setSelection((state) => goToStep(state ?? { selected: null, expandedChapterId: null }, step)));
  };

  const onChapter = (chapter: StepRef) => {
    if (states.get(stepKey(chapter)) === 'locked') return go(chapter, 'outline');
    if (selectedKey !== stepKey(chapter)) setDrawerOpen(false);
    const choose = () => setSelection((state) => clickChapter(state ?? { selected: null, expandedChapterId: null }, chapter));
    const after = selection ? clickChapter(selection, chapter).selected : null;
    if (!after || stepKey(after) === selectedKey) return choose();
    afterPackagesUnloaded(choose);
  };

  const finishStep = async () => {
    setFinishing(true);
    await clock.save({ finish: true });
    setFinishing(false);
    setExplained(selectedKey);
  };

  const onVideo = (report: VideoReport) => {
    if (report.playing !== undefined) clock.setPlaying(report.playing);
    if (report.played) clock.setPlayed(report.played);
    if (report.watched !== undefined) setWatched(report.watched);
    if (report.saveNow) void clock.save().then(() => setExplained(selectedKey));
  };

  const onQuizFinished = () => {
    if (selectedKey && !validated.has(selectedKey)) quiz.check(selectedKey);
  };

  useEffect(() => {
    if (!scrollToStep.current) return;
    scrollToStep.current = false;
    const section = stepSection.current;
    // Its top under the sticky header (its scroll margin) or above the window: scrolled past.
    if (section && section.getBoundingClientRect().top < (Number.parseFloat(getComputedStyle(section).scrollMarginTop) || 0)) section.scrollIntoView?.({ block: 'start' });
  }, [selectedKey]);

  const forward = selected ? forwardAction(sequence, selected, validated, courseCompleted) : null;
  const { previous, next } = neighbours(sequence, selected);
  const onForward = async () => {
    if (!selected || !forward) return;
    if (forward === 'not-validated') return warn(m.player.notValidatedTitle, m.player.notValidatedText);
    if (forward === 'next' && next) return go(next, 'footer');
    if (forward === 'finish-course') {
      try {
        await completeCourse({ student, course: courseId }).unwrap();
        setCompleted(true);
        modal.success({ title: m.player.congratulations, okText: m.player.ok });
      } catch {
        // 01 §8: a failed completion is only logged; the learner may try again.
        console.warn('Terminer le cours : échec de POST /complete-course/');
        warn(m.player.finishCourse, m.player.finishFailed);
      }
    }
  };
  const forwardLabel = forward === 'finished' ? m.player.courseFinished : forward === 'finish-course' ? m.player.finishCourse : m.player.next;

  const outline = selection ? (
    <StepOutline
      sequence={sequence}
      selection={selection}
      onChapter={onChapter}
      onStep={(step) => go(step, 'outline')}
      subchaptersLabel={m.player.subchaptersOf}
      idPrefix={narrow ? 'drawer' : 'player'}
      markOf={(step) => {
        const { state, mark } = stateMark(states.get(stepKey(step)) ?? 'locked');
        const declared = findStep(chapters, step)?.declared_minutes;
        return { state, mark: declared ? <><DeclaredDuration minutes={declared} className="declared-duration reader-outline__declared" />{mark}</> : mark };
      }}
    />
  ) : null;
  const position = selected ? sequence.findIndex((step) => stepKey(step) === stepKey(selected)) + 1 : 0;
  const sidebarShown = !narrow && outlineOpen;

  return (
    <div className={sidebarShown ? 'course-reader course-player' : 'course-reader course-player is-collapsed'}>
      {modalHolder}
      <PlayerBar
        title={title}
        percent={percent}
        toggle={sequence.length ? { narrow, outlineOpen, drawerOpen, onClick: () => (narrow ? setDrawerOpen(true) : setOutlineOpen((open) => !open)) } : undefined}
      />
      {sequence.length === 0 ? (
        <StatusMessage kind="preparing" title={m.player.empty} />
      ) : (
        <div className="course-reader__body">
          {sidebarShown ? (
            <nav id="player-outline" className="course-reader__outline" aria-label={m.player.outline}>
              {outline}
            </nav>
          ) : null}
          {narrow ? (
            <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} placement="left" size="default" title={m.player.outline} closable={{ 'aria-label': m.player.closeOutline }}>
              <nav aria-label={m.player.outline}>{outline}</nav>
            </Drawer>
          ) : null}
          <section ref={stepSection} className="course-reader__content" aria-labelledby="player-step-title">
            {selected && content ? (
              <>
                <p className="course-reader__position">{m.player.stepOf(position, sequence.length)}</p>
                <h2 id="player-step-title" className="course-reader__step-title">
                  {stepHeading(selected)}
                </h2>
                {content.description ? <p className="course-reader__description">{content.description}</p> : null}
                <div className="course-reader__step" data-testid="player-step" data-step={selectedKey ?? ''}>
                  <StepBody
                    key={selectedKey}
                    courseId={courseId}
                    student={student}
                    learnerName={learnerName}
                    step={selected}
                    content={content}
                    mediaReady={media.ready || media.failed}
                    videoShare={videoRules?.share}
                    onVideo={onVideo}
                    scorm={scorm}
                    listenTo={clock.listenTo}
                    quizView={quizView}
                    onQuizFinished={onQuizFinished}
                  />
                </div>
                <StepEvidence
                  contentType={content.content_type}
                  validated={stepValidated}
                  videoRules={videoRules}
                  watched={watched}
                  checkingQuiz={quiz.checking}
                  reason={verdict?.reason && explained === selectedKey ? verdict.reason : null}
                  finishing={finishing}
                  onFinish={() => void finishStep()}
                />
              </>
            ) : (
              <p className="content-step__notice" role="status">
                {m.player.mediaLoading}
              </p>
            )}
            <nav className="course-reader__steps" aria-label={m.player.stepsNav}>
              <button type="button" className="button" disabled={!previous} onClick={() => previous && go(previous, 'footer')}>
                <LeftOutlined aria-hidden /> {m.player.previous}
              </button>
              {clock.state.failing ? (
                <span className="player-pending" role="status">
                  {m.player.savePending}
                </span>
              ) : null}
              <button
                type="button"
                className={forward === 'finish-course' ? 'button button--primary' : 'button'}
                disabled={!selected || forward === 'finished' || completing.isLoading}
                onClick={() => void onForward()}
              >
                {forwardLabel} {forward === 'next' || forward === 'not-validated' ? <RightOutlined aria-hidden /> : null}
              </button>
            </nav>
            <p className="visually-hidden" role="status">
              {selected && stepValidated ? m.player.validatedStep : ''}
            </p>
          </section>
        </div>
      )}
    </div>
  );
}
