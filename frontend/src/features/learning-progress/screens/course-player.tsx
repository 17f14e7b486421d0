import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Drawer, Modal } from 'antd';
import {
  ArrowLeftOutlined,
  CheckCircleFilled,
  LeftOutlined,
  LockOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  RightOutlined,
} from '@ant-design/icons';
import type { ChapterView, SubchapterView } from '../../../lib/api-schema';
import { usePageTitle } from '../../../lib/hooks';
import { useMediaSession } from '../../../lib/media-session';
import {
  ContentStep,
  clickChapter,
  flattenSteps,
  goToStep,
  neighbours,
  stepKey,
  StepOutline,
  type OutlineMark,
  type OutlineSelection,
  type StepRef,
} from '../../../components/content-step';
import { StatusMessage } from '../../../components/status';
import { messages as m } from '../messages';
import { useCompleteCourseMutation, useGetProgressQuery, useGetStudentCoursesQuery } from '../progress-api';
import type { ProgressAnswer, StepTarget } from '../player/progress-saver';
import { completionPercent, forwardAction, startingStep, stepStates, type StepState } from '../player/step-states';
import { useProgressClock } from '../player/use-progress-clock';
import type { SendResult } from '../transport';
import { ScormStep } from '../scorm/scorm-step';
import { useCommitQueue } from '../scorm/use-commit-queue';
import { TrackedEmbed } from '../video/external-video';
import { TrackedVideo, type VideoReport } from '../video/tracked-video';
import '../learning-progress.css';

/** The step a quiz is taken from: its completion validates the step (POST /attempt-quiz/ course, chapter, subchapter). */
export interface QuizStepPlace {
  course: number;
  chapter: number;
  subchapter?: number;
}

/** A quiz step's quiz, taken inline: the student area composes it from the assessment feature. */
export type PlayerQuizView = (props: { quizId: number; place: QuizStepPlace; onFinished: () => void }) => ReactNode;

/** The finish button appears for a video after more than 120 s watched (01 §4, §9). */
export const FINISH_AFTER_SECONDS = 120;
/** After a quiz's last answer, GET /progress/ is read again until the step shows validated. */
const QUIZ_POLL_MS = 1_000;
const QUIZ_POLL_TIMES = 15;
const NARROW_SCREEN = '(max-width: 991px)';

type Verdict = { validated: boolean; reason: string | null };

function findStep(chapters: readonly ChapterView[], step: StepRef): ChapterView | SubchapterView | undefined {
  const chapter = chapters.find((c) => c.id === step.chapterId);
  return step.kind === 'chapter' ? chapter : chapter?.subchapters.find((s) => s.id === step.id);
}

const targetOf = (step: StepRef, content: { content_type: string }): StepTarget =>
  step.kind === 'chapter' ? { content_type: content.content_type, chapter: step.id } : { content_type: content.content_type, chapter: step.chapterId, subchapter: step.id };

const keyOfTarget = (target: StepTarget) => (target.subchapter !== undefined ? `subchapter-${target.subchapter}` : `chapter-${target.chapter}`);

function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW_SCREEN).matches);
  useEffect(() => {
    const media = window.matchMedia(NARROW_SCREEN);
    const change = () => setNarrow(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, []);
  return narrow;
}

/** "2. Formules" for a chapter, "2.1 Références" for a sub-chapter. */
const stepHeading = (step: StepRef) => `${step.number}${step.kind === 'chapter' ? '.' : ''} ${step.title}`;

/** A step's state in the outline: validated, to do, or locked (said in words for screen readers). */
function stateMark(state: StepState): OutlineMark {
  const [icon, label] =
    state === 'validated'
      ? [<CheckCircleFilled key="icon" aria-hidden />, m.player.validatedStep]
      : state === 'locked'
        ? [<LockOutlined key="icon" aria-hidden />, m.player.lockedStep]
        : [<span key="icon" className="player-state__dot" aria-hidden />, m.player.openStep];
  return {
    state,
    mark: (
      <span className={`player-state is-${state}`}>
        {icon}
        <span className="visually-hidden">{label}</span>
      </span>
    ),
  };
}

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
  const [checkingQuiz, setCheckingQuiz] = useState(false);
  // The server's reason is shown once the learner asked (the finish button) or a video stopped: not on opening.
  const [explained, setExplained] = useState<string | null>(null);
  const narrow = useNarrowScreen();
  const media = useMediaSession();
  const [modal, modalHolder] = Modal.useModal();

  const validated = useMemo(() => {
    const keys = new Set<string>();
    for (const record of progress.data ?? []) {
      if (!record.validated) continue;
      keys.add(record.subchapter !== null ? `subchapter-${record.subchapter}` : `chapter-${record.chapter}`);
    }
    for (const [key, verdict] of verdicts) if (verdict.validated) keys.add(key);
    return keys;
  }, [progress.data, verdicts]);
  const states = useMemo(() => stepStates(sequence, validated), [sequence, validated]);
  const percent = completionPercent(sequence, validated);
  const courseCompleted = completed || Boolean(courses.data?.find((course) => course.id === courseId)?.completed_at);

  const onAnswer = useCallback((target: StepTarget, answer: SendResult<ProgressAnswer>) => {
    if (answer.ok) {
      setVerdicts((current) => new Map(current).set(keyOfTarget(target), { validated: answer.data.validated, reason: answer.data.reason }));
    }
  }, []);
  const clock = useProgressClock({ student, course: courseId, onAnswer });
  const scorm = useCommitQueue(student, (commit, answer) => {
    if (answer.validated) setVerdicts((current) => new Map(current).set(`chapter-${commit.chapter}`, { validated: true, reason: null }));
  });

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
    setCheckingQuiz(false);
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
    setSelection((state) => goToStep(state ?? { selected: null, expandedChapterId: null }, step));
    if (from === 'outline') setDrawerOpen(false);
  };

  const onChapter = (chapter: StepRef) => {
    if (states.get(stepKey(chapter)) === 'locked') return go(chapter, 'outline');
    setSelection((state) => clickChapter(state ?? { selected: null, expandedChapterId: null }, chapter));
    if (selectedKey !== stepKey(chapter)) setDrawerOpen(false);
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

  // After the quiz's last answer, assessment's QuizCompleted validates the step on the server, a moment later.
  const quizTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(quizTimer.current), []);
  const onQuizFinished = () => {
    if (!selectedKey || validated.has(selectedKey)) return;
    setCheckingQuiz(true);
    let tries = 0;
    const check = async () => {
      const records = await progress.refetch().unwrap().catch(() => null);
      const key = selectedKey;
      const done = records?.some((r) => r.validated && (r.subchapter !== null ? `subchapter-${r.subchapter}` : `chapter-${r.chapter}`) === key);
      if (done || ++tries >= QUIZ_POLL_TIMES) setCheckingQuiz(false);
      else quizTimer.current = window.setTimeout(() => void check(), QUIZ_POLL_MS);
    };
    void check();
  };

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

  const placeOf = (step: StepRef): QuizStepPlace =>
    step.kind === 'chapter' ? { course: courseId, chapter: step.id } : { course: courseId, chapter: step.chapterId, subchapter: step.id };

  const stepBody = () => {
    if (!selected || !content) return null;
    if (!media.ready && !media.failed) {
      return (
        <p className="content-step__notice" role="status">
          {m.player.mediaLoading}
        </p>
      );
    }
    const chapter = selected.kind === 'chapter' ? (content as ChapterView) : null;
    return (
      <ContentStep
        key={selectedKey}
        step={content}
        players={{
          uploadedVideo: (src) => <TrackedVideo src={src} title={content.title} onReport={onVideo} />,
          externalVideo: (embedUrl) => <TrackedEmbed embedUrl={embedUrl} title={content.title} onReport={onVideo} />,
          scorm: (scormUrl) =>
            chapter?.scorm_version ? (
              <ScormStep
                course={courseId}
                chapter={chapter.id}
                student={student}
                learnerName={learnerName}
                version={chapter.scorm_version}
                title={chapter.title}
                scormUrl={scormUrl}
                items={chapter.scorm_items}
                queue={scorm.queue}
                queueState={scorm.state}
                listenTo={clock.listenTo}
              />
            ) : null,
          quiz: (quizId) => quizView({ quizId, place: placeOf(selected), onFinished: onQuizFinished }),
        }}
      />
    );
  };

  const evidence = () => {
    if (!content) return null;
    if (stepValidated) {
      return (
        <p className="player-step__verdict is-validated" data-testid="step-verdict">
          <CheckCircleFilled aria-hidden /> {m.player.validatedStep}
        </p>
      );
    }
    const type = content.content_type;
    const video = type === 'video' || type === 'video_file' || type === 'video_url';
    const offerFinish = type === 'text' || (video && watched > FINISH_AFTER_SECONDS);
    const hint = video
      ? m.player.videoFinishHint
      : type === 'quiz'
        ? checkingQuiz
          ? m.player.quizChecking
          : m.player.quizHint
        : type === 'scorm'
          ? m.player.scormHint
          : type === 'text'
            ? m.player.textHint
            : null;
    return (
      <div className="player-step__evidence" data-testid="step-verdict">
        {hint ? <p className="player-step__hint">{hint}</p> : null}
        {video && watched > 0 ? <p className="player-step__hint">{m.player.watched(watched)}</p> : null}
        {verdict?.reason && explained === selectedKey ? (
          <p className="player-step__reason" role="status">
            {verdict.reason}
          </p>
        ) : null}
        {offerFinish ? (
          <button type="button" className="button button--primary" disabled={finishing} onClick={() => void finishStep()}>
            {finishing ? m.player.finishing : m.player.finishStep}
          </button>
        ) : null}
      </div>
    );
  };

  const outline = selection ? (
    <StepOutline
      sequence={sequence}
      selection={selection}
      onChapter={onChapter}
      onStep={(step) => go(step, 'outline')}
      subchaptersLabel={m.player.subchaptersOf}
      idPrefix={narrow ? 'drawer' : 'player'}
      markOf={(step) => stateMark(states.get(stepKey(step)) ?? 'locked')}
    />
  ) : null;
  const position = selected ? sequence.findIndex((step) => stepKey(step) === stepKey(selected)) + 1 : 0;
  const sidebarShown = !narrow && outlineOpen;

  return (
    <div className={sidebarShown ? 'course-reader course-player' : 'course-reader course-player is-collapsed'}>
      {modalHolder}
      <header className="course-reader__bar">
        <Link to="/my-courses" className="course-reader__back">
          <ArrowLeftOutlined aria-hidden /> {m.player.back}
        </Link>
        <h1 className="course-reader__title">{title}</h1>
        <div className="course-player__completion" data-testid="course-completion">
          <span className="course-player__badge" aria-hidden>
            {percent} %
          </span>
          <span className="course-player__meter" aria-hidden>
            <span style={{ width: `${percent}%` }} />
          </span>
          <span className="visually-hidden">
            {m.player.completionLabel} : {m.player.completion(percent)}
          </span>
        </div>
        {sequence.length ? (
          <button
            type="button"
            className="button course-reader__toggle"
            aria-expanded={narrow ? drawerOpen : outlineOpen}
            aria-controls={narrow ? undefined : 'player-outline'}
            onClick={() => (narrow ? setDrawerOpen(true) : setOutlineOpen((open) => !open))}
          >
            {(narrow ? !drawerOpen : outlineOpen) ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}{' '}
            {narrow || !outlineOpen ? m.player.showOutline : m.player.hideOutline}
          </button>
        ) : null}
      </header>
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
          <section className="course-reader__content" aria-labelledby="player-step-title">
            {selected && content ? (
              <>
                <p className="course-reader__position">{m.player.stepOf(position, sequence.length)}</p>
                <h2 id="player-step-title" className="course-reader__step-title">
                  {stepHeading(selected)}
                </h2>
                {content.description ? <p className="course-reader__description">{content.description}</p> : null}
                <div className="course-reader__step" data-testid="player-step" data-step={selectedKey ?? ''}>
                  {stepBody()}
                </div>
                {evidence()}
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
