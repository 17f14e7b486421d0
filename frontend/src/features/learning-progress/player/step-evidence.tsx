import { CheckCircleFilled } from '@ant-design/icons';
import type { VideoRulesView } from '../../../lib/api-schema';
import { messages as m } from '../messages';

const VIDEO_TYPES = new Set(['video', 'video_file', 'video_url']);

/**
 * Under a step: validated, or what validates it (the hint; for a video, formatted from the
 * server's rules), the seconds watched, the server's reason once the learner asked, and the finish
 * button where it may validate (a text; a video once more than the rules' seconds are watched).
 * While the rules load, a video shows neither its hint nor its button.
 */
export function StepEvidence({
  contentType,
  validated,
  videoRules,
  watched,
  checkingQuiz,
  reason,
  finishing,
  onFinish,
}: {
  contentType: string;
  validated: boolean;
  videoRules: VideoRulesView | undefined;
  watched: number;
  checkingQuiz: boolean;
  /** The server's reason, when it is to be shown. */
  reason: string | null;
  finishing: boolean;
  onFinish: () => void;
}) {
  if (validated) {
    return (
      <p className="player-step__verdict is-validated" data-testid="step-verdict">
        <CheckCircleFilled aria-hidden /> {m.player.validatedStep}
      </p>
    );
  }
  const video = VIDEO_TYPES.has(contentType);
  const offerFinish = contentType === 'text' || (video && videoRules !== undefined && watched > videoRules.finish_after_seconds);
  const hints: Record<string, string | null> = {
    quiz: checkingQuiz ? m.player.quizChecking : m.player.quizHint,
    scorm: m.player.scormHint,
    text: m.player.textHint,
  };
  const hint = video ? (videoRules ? m.player.videoFinishHint(videoRules) : null) : (hints[contentType] ?? null);
  return (
    <div className="player-step__evidence" data-testid="step-verdict">
      {hint ? <p className="player-step__hint">{hint}</p> : null}
      {video && watched > 0 ? <p className="player-step__hint">{m.player.watched(watched)}</p> : null}
      {reason ? (
        <p className="player-step__reason" role="status">
          {reason}
        </p>
      ) : null}
      {offerFinish ? (
        <button type="button" className="button button--primary" disabled={finishing} onClick={onFinish}>
          {finishing ? m.player.finishing : m.player.finishStep}
        </button>
      ) : null}
    </div>
  );
}
