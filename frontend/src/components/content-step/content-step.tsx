import { useEffect, useRef, useState, type ReactNode } from 'react';
import { openScormBridge, registerPackageUnload, unloadPackage } from '../../lib/scorm-bridge';
import { launchAddress, scormFileOf, scormLaunchApi } from '../../lib/scorm-launch';
import { messages as m } from './messages';
import './content-step.css';

const { useLaunchScormMutation } = scormLaunchApi;

/**
 * The content fields of a chapter or sub-chapter as the server gives them (GET /course/{id},
 * /chapter/{id}/, /subchapter/{id}/): structural, so the authoring preview and the course player
 * hand their own generated types in.
 */
export interface StepContent {
  title: string;
  content_type: string;
  /** Media URL of an uploaded video (under /media/, behind the media cookie). */
  video?: string | null;
  /** The link as the trainer typed it. */
  video_url?: string | null;
  /** The player URL the server derived from it (YouTube, Vimeo), or null. */
  video_embed_url?: string | null;
  /** Plain text: the server gives no HTML for steps, so none is injected here. */
  text_content?: string | null;
  quiz?: number | { id: number; title?: string | null } | null;
  quiz_title?: string | null;
  /** /media/scorm/{chapterId}/index.html, or null. */
  scorm_url?: string | null;
}

/** Plain text as paragraphs: blank lines separate them, single line breaks stay. */
export function textParagraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

function UploadedVideo({ step }: { step: StepContent }) {
  if (!step.video) return <ExternalVideo step={step} />;
  return (
    <video className="content-step__video" controls preload="metadata" src={step.video} aria-label={step.title}>
      <a href={step.video}>{m.openVideo}</a>
    </video>
  );
}

function ExternalVideo({ step }: { step: StepContent }) {
  if (step.video_embed_url) {
    return (
      <iframe
        className="content-step__embed"
        src={step.video_embed_url}
        title={step.title}
        allow="fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  if (step.video_url) {
    return (
      <p className="content-step__notice">
        <a href={step.video_url} target="_blank" rel="noreferrer">
          {m.openVideo}
        </a>
      </p>
    );
  }
  return <p className="content-step__notice">{m.noVideo}</p>;
}

function TextContent({ step }: { step: StepContent }) {
  const paragraphs = textParagraphs(step.text_content);
  if (paragraphs.length === 0) return <p className="content-step__notice">{m.noText}</p>;
  return (
    <div className="content-step__text">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/**
 * What the package frame may do (docs/adr/0025): run its scripts, keep its own origin (the content
 * origin, another host: its launch page and the package below it are of one origin, and packages
 * use their own storage), submit its forms, open windows (which inherit these limits) and ask
 * alert/confirm. Not navigate this page, not download without a click, not escape the sandbox.
 */
export const SCORM_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-modals';

/** How long a closed frame's bridge still listens for the package's last messages. */
const BRIDGE_GRACE_MS = 10_000;

type Launched = { state: 'launching' } | { state: 'failed' } | { state: 'ready'; address: string; origin: string };

/**
 * Launches a package file (`/media/scorm/{chapter}/{file}`) on the content origin: asks the server
 * for a launch token, then opens the bridge that offers the run-time API to that origin by
 * postMessage, and only then gives the launch page's address (so the package never starts before
 * the API answers). The bridge closes with the frame.
 */
function useScormLaunch(src: string, frame: () => Window | null): Launched {
  const [launch] = useLaunchScormMutation();
  const [launched, setLaunched] = useState<Launched>({ state: 'launching' });
  useEffect(() => {
    let alive = true;
    let close: (() => void) | null = null;
    setLaunched({ state: 'launching' });
    const target = scormFileOf(src);
    if (!target) {
      setLaunched({ state: 'failed' });
      return undefined;
    }
    void (async () => {
      try {
        const answer = await launch({ chapter_id: target.chapter }).unwrap();
        const stop = await openScormBridge(answer.content_origin, frame);
        if (!alive) return stop();
        close = stop;
        setLaunched({ state: 'ready', address: launchAddress(answer, target.file), origin: new URL(answer.content_origin).origin });
      } catch {
        if (alive) setLaunched({ state: 'failed' });
      }
    })();
    return () => {
      alive = false;
      // What the package sends as it is unloaded (its pagehide: a last SetValue, LMSFinish) arrives
      // after the frame is gone: the bridge stays open a little for it, bound to that SCO's API.
      if (close) window.setTimeout(close, BRIDGE_GRACE_MS);
    };
    // `frame` reads a ref: what it gives is read when a message comes.
  }, [src, launch]);
  return launched;
}

/**
 * A SCORM package in its frame, 600 px high (01 §9), served from the content origin and talking to
 * the player's run-time by postMessage only; 'Erreur de chargement' when it cannot be launched. The
 * course player puts the list of its SCOs and its save indicator around it, and learns when the
 * frame has loaded. No « Ouvrir dans un nouvel onglet » here: a tab of its own would run the
 * package without its run-time (docs/adr/0025).
 */
export function ScormFrame({
  title,
  src,
  before,
  after,
  onFrameLoad,
}: {
  title: string;
  /** The package file: `/media/scorm/{chapterId}/{file}` (the step's scorm_url or a SCO's url). */
  src: string;
  before?: ReactNode;
  after?: ReactNode;
  onFrameLoad?: (frame: HTMLIFrameElement) => void;
}) {
  const frame = useRef<HTMLIFrameElement | null>(null);
  // The frame's window, kept once the frame is gone: its last messages come from it.
  const frameWindow = useRef<Window | null>(null);
  // Whether the launch page has loaded (before, it cannot be asked to unload its package).
  const loaded = useRef(false);
  const launched = useScormLaunch(src, () => frameWindow.current);
  const origin = launched.state === 'ready' ? launched.origin : null;
  useEffect(() => {
    if (!origin) return undefined;
    // The launch page tells when the learner works in the package: it counts as input on this page.
    const activity = (event: MessageEvent) => {
      const data = event.data as { lmsActivity?: unknown } | null;
      if (event.origin !== origin || event.source !== frameWindow.current || data?.lmsActivity !== true) return;
      frame.current?.dispatchEvent(new Event('scroll'));
    };
    window.addEventListener('message', activity);
    // Before the player tears this frame down, the launch page unloads the package and its last
    // calls arrive (ADR 0025): a removed cross-site frame's messages would be lost.
    let unloading: Promise<void> | null = null;
    const unregister = registerPackageUnload(() => {
      const target = frameWindow.current;
      if (!loaded.current || !target) return Promise.resolve();
      unloading ??= unloadPackage(target, origin);
      return unloading;
    });
    return () => {
      window.removeEventListener('message', activity);
      unregister();
    };
  }, [origin]);
  return (
    <div className="content-step__scorm">
      {before}
      {launched.state === 'failed' ? (
        <p className="content-step__notice content-step__notice--warning" role="alert">
          {m.scormLoadError}
        </p>
      ) : launched.state === 'launching' ? (
        <p className="content-step__notice content-step__scorm-launching" role="status">
          {m.scormLaunching}
        </p>
      ) : (
        <iframe
          ref={(element) => {
            frame.current = element;
            if (element?.contentWindow) frameWindow.current = element.contentWindow;
          }}
          className="content-step__scorm-frame"
          src={launched.address}
          title={title}
          sandbox={SCORM_SANDBOX}
          allow="fullscreen; autoplay"
          referrerPolicy="no-referrer"
          onLoad={(event) => {
            loaded.current = true;
            onFrameLoad?.(event.currentTarget);
          }}
        />
      )}
      {after ? <div className="content-step__scorm-foot">{after}</div> : null}
    </div>
  );
}

/**
 * What a screen shows of a quiz step's quiz, given its id: the authoring preview hands in the
 * assessment feature's read-only view (shared code knows no feature, so it comes as a property).
 */
export type QuizStepView = (quizId: number) => ReactNode;

function QuizNotice({ step, quizView, play }: { step: StepContent; quizView?: QuizStepView; play?: QuizStepView }) {
  const quiz = step.quiz;
  const id = typeof quiz === 'number' ? quiz : (quiz?.id ?? null);
  if (id === null) return <p className="content-step__notice">{m.noQuiz}</p>;
  if (play) return <div className="content-step__quiz">{play(id)}</div>;
  const title = step.quiz_title ?? (typeof quiz === 'object' ? quiz?.title : null) ?? m.quizNumber(id);
  return (
    <div className="content-step__quiz">
      <p className="content-step__notice">{m.quizPreview}</p>
      {quizView ? quizView(id) : <p className="content-step__quiz-title">{m.quizTitle(title)}</p>}
    </div>
  );
}

/**
 * What the course player shows in place of the preview's plain media: a video whose played
 * seconds it records, a SCORM module with its runtime, a quiz the learner takes. Each is given
 * only a step that has its media (the missing cases keep the renderer's own messages).
 */
export interface StepPlayers {
  uploadedVideo?: (src: string) => ReactNode;
  externalVideo?: (embedUrl: string) => ReactNode;
  scorm?: (scormUrl: string) => ReactNode;
  quiz?: QuizStepView;
}

/**
 * The body of one step, by content type: an uploaded video, an external player, text paragraphs,
 * a SCORM module (a frame 600 px high) or a quiz notice (the preview is not interactive), with
 * the quiz itself when `quizView` is given. Written once for the authoring preview and the course
 * player, which hands in its own `players`.
 */
export function ContentStep({ step, quizView, players = {} }: { step: StepContent; quizView?: QuizStepView; players?: StepPlayers }) {
  switch (step.content_type) {
    case 'video':
    case 'video_file':
      if (step.video && players.uploadedVideo) return players.uploadedVideo(step.video);
      return <UploadedVideo step={step} />;
    case 'video_url':
      if (step.video_embed_url && players.externalVideo) return players.externalVideo(step.video_embed_url);
      return <ExternalVideo step={step} />;
    case 'text':
      return <TextContent step={step} />;
    case 'scorm':
      if (!step.scorm_url) return <p className="content-step__notice content-step__notice--warning">{m.scormUnavailable}</p>;
      return players.scorm ? players.scorm(step.scorm_url) : <ScormFrame key={step.scorm_url} title={step.title} src={step.scorm_url} />;
    case 'quiz':
      return <QuizNotice step={step} quizView={quizView} play={players.quiz} />;
    default:
      return <p className="content-step__notice">{m.unknownType}</p>;
  }
}
