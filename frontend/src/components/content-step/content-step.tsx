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

function ScormModule({ step }: { step: StepContent }) {
  const [failed, setFailed] = useState(false);
  if (!step.scorm_url) return <p className="content-step__notice content-step__notice--warning">{m.scormUnavailable}</p>;
  return (
    <div className="content-step__scorm">
      {failed ? (
        <p className="content-step__notice content-step__notice--warning" role="alert">
          {m.scormLoadError}
        </p>
      ) : (
        <iframe
          className="content-step__scorm-frame"
          src={step.scorm_url}
          title={step.title}
          onLoad={(event) => loadedSomethingElse(event) && setFailed(true)}
        />
      )}
      <a className="content-step__open" href={step.scorm_url} target="_blank" rel="noreferrer">
        {m.openInNewTab}
      </a>
    </div>
  );
}

/**
 * What a screen shows of a quiz step's quiz, given its id: the authoring preview hands in the
 * assessment feature's read-only view (shared code knows no feature, so it comes as a property).
 */
export type QuizStepView = (quizId: number) => ReactNode;

function QuizNotice({ step, quizView }: { step: StepContent; quizView?: QuizStepView }) {
  const quiz = step.quiz;
  const id = typeof quiz === 'number' ? quiz : (quiz?.id ?? null);
  if (id === null) return <p className="content-step__notice">{m.noQuiz}</p>;
  const title = step.quiz_title ?? (typeof quiz === 'object' ? quiz?.title : null) ?? m.quizNumber(id);
  return (
    <div className="content-step__quiz">
      <p className="content-step__notice">{m.quizPreview}</p>
      {quizView ? quizView(id) : <p className="content-step__quiz-title">{m.quizTitle(title)}</p>}
    </div>
  );
}

/**
 * The body of one step, by content type: an uploaded video, an external player, text paragraphs,
 * a SCORM module (a frame 600 px high) or a quiz notice (the preview is not interactive), with
 * the quiz itself when `quizView` is given. Written once for the authoring preview; the course
 * player is to reuse it.
 */
export function ContentStep({ step, quizView }: { step: StepContent; quizView?: QuizStepView }) {
  switch (step.content_type) {
    case 'video':
    case 'video_file':
      return <UploadedVideo step={step} />;
    case 'video_url':
      return <ExternalVideo step={step} />;
    case 'text':
      return <TextContent step={step} />;
    case 'scorm':
      return <ScormModule key={step.scorm_url ?? ''} step={step} />;
    case 'quiz':
      return <QuizNotice step={step} quizView={quizView} />;
    default:
      return <p className="content-step__notice">{m.unknownType}</p>;
  }
}
