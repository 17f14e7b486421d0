import type { ReactNode } from 'react';
import type { ChapterView, SubchapterView } from '../../../lib/api-schema';
import { ContentStep, type StepRef } from '../../../components/content-step';
import { messages as m } from '../messages';
import { ScormStep } from '../scorm/scorm-step';
import type { QueueState, ScormCommitQueue } from '../scorm/commit-queue';
import { TrackedEmbed } from '../video/external-video';
import { TrackedVideo, type VideoReport } from '../video/tracked-video';

/** The step a quiz is taken from: its completion validates the step (POST /attempt-quiz/ course, chapter, subchapter). */
export interface QuizStepPlace {
  course: number;
  chapter: number;
  subchapter?: number;
}

/** A quiz step's quiz, taken inline: the student area composes it from the assessment feature. */
export type PlayerQuizView = (props: { quizId: number; place: QuizStepPlace; onFinished: () => void }) => ReactNode;

const placeOf = (course: number, step: StepRef): QuizStepPlace =>
  step.kind === 'chapter' ? { course, chapter: step.id } : { course, chapter: step.chapterId, subchapter: step.id };

/**
 * A step's content in the player: the preview's renderer (components/content-step) with the
 * player's own pieces: the tracked videos, the SCORM runtime and the interactive quiz. It waits for
 * the media session (the uploaded files need its cookie).
 */
export function StepBody({
  courseId,
  student,
  learnerName,
  step,
  content,
  mediaReady,
  videoShare,
  onVideo,
  scorm,
  listenTo,
  quizView,
  onQuizFinished,
}: {
  courseId: number;
  student: number;
  learnerName: string;
  step: StepRef;
  content: ChapterView | SubchapterView;
  mediaReady: boolean;
  videoShare: number | undefined;
  onVideo: (report: VideoReport) => void;
  scorm: { queue: ScormCommitQueue; state: QueueState };
  listenTo: (target: Window | Document | null) => () => void;
  quizView: PlayerQuizView;
  onQuizFinished: () => void;
}) {
  if (!mediaReady) {
    return (
      <p className="content-step__notice" role="status">
        {m.player.mediaLoading}
      </p>
    );
  }
  const chapter = step.kind === 'chapter' ? (content as ChapterView) : null;
  return (
    <ContentStep
      step={content}
      players={{
        uploadedVideo: (src) => <TrackedVideo src={src} title={content.title} share={videoShare} onReport={onVideo} />,
        externalVideo: (embedUrl) => <TrackedEmbed embedUrl={embedUrl} title={content.title} onReport={onVideo} />,
        scorm: (scormUrl) =>
          chapter?.scorm_version ? (
            <ScormStep
              course={courseId}
              chapter={chapter.id}
              learnerName={learnerName}
              version={chapter.scorm_version}
              title={chapter.title}
              scormUrl={scormUrl}
              items={chapter.scorm_items}
              saving={{ student, queue: scorm.queue, queueState: scorm.state, listenTo }}
            />
          ) : null,
        quiz: (quizId) => quizView({ quizId, place: placeOf(courseId, step), onFinished: onQuizFinished }),
      }}
    />
  );
}
