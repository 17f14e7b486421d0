import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { messages as m } from './messages';
import './content-step.css';

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
 * A frame whose document is not HTML (the JSON 404 of /media/, say) failed to load. Frames fire no
 * error event, and the module is same-origin, so its document can be read.
 */
function loadedSomethingElse(event: SyntheticEvent<HTMLIFrameElement>): boolean {
  try {
    const type = event.currentTarget.contentDocument?.contentType;
    return Boolean(type) && type !== 'text/html' && type !== 'application/xhtml+xml';
  } catch {
    return false;
  }
}

/**
 * A SCORM package in its frame, 600 px high (01 §9), with a link to open it in a new tab; 'Erreur
 * de chargement' when the frame gets something else than a page. The course player puts the list
 * of its SCOs and its save indicator around it, and learns when the frame has loaded.
 */
export function ScormFrame({
  title,
  src,
  before,
  after,
  onFrameLoad,
}: {
  title: string;
  src: string;
  before?: ReactNode;
  after?: ReactNode;
  onFrameLoad?: (frame: HTMLIFrameElement) => void;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="content-step__scorm">
      {before}
      {failed ? (
        <p className="content-step__notice content-step__notice--warning" role="alert">
          {m.scormLoadError}
        </p>
      ) : (
        <iframe
          className="content-step__scorm-frame"
          src={src}
          title={title}
          onLoad={(event) => {
            if (loadedSomethingElse(event)) setFailed(true);
            else onFrameLoad?.(event.currentTarget);
          }}
        />
      )}
      <div className="content-step__scorm-foot">
        <a className="content-step__open" href={src} target="_blank" rel="noreferrer">
          {m.openInNewTab}
        </a>
        {after}
      </div>
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
