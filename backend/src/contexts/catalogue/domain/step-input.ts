import type { ContentType } from '../contracts/catalogue.events.js';
import { InvalidCourseError } from './catalogue.errors.js';
import { DESCRIPTION_MAX, DURATION_MAX, TEXT_CONTENT_MAX, TEXT_CONTENT_TOO_LONG, TITLE_MAX } from './course-limits.js';
import { toPlayableVideoUrl } from './video-link.js';

/** A video file the handler staged in storage for this change. */
export interface StoredVideo {
  path: string;
  format: string;
  bytes: number;
  /** Seconds, read from the file; null when it cannot be read. */
  duration: number | null;
}

/** A SCORM package the handler checked and extracted for this change. */
export interface StoredScorm {
  path: string;
  version: '1.2' | '2004';
  launch: string;
  manifest: object;
  items: number;
  bytes: number;
}

/** What the authoring forms send for a chapter or sub-chapter. */
export interface ContentInput {
  title: string;
  description?: string;
  contentType: ContentType;
  /** Seconds, as the trainer gives it; an uploaded video's own duration is used when this is 0. */
  duration: number;
  videoUrl?: string;
  textContent?: string;
  quizId?: number | null;
  /** What validates a SCORM chapter (absent: kept as it is, or the default for a new one). */
  scormRule?: ScormRule;
  video?: StoredVideo;
  scorm?: StoredScorm;
  /** The declared average duration in minutes (D.6313-3-1 2°): absent, unchanged; null, cleared. */
  declaredMinutes?: number | null;
}

/** What validates a SCORM step: every required SCO completed, passed, or either (the default). */
export const SCORM_RULES = ['completed_or_passed', 'completed', 'passed'] as const;
export type ScormRule = (typeof SCORM_RULES)[number];
export const DEFAULT_SCORM_RULE: ScormRule = 'completed_or_passed';

/** An uploaded video file ('video' is the spec's older name of 'video_file'). */
export const isVideoFileType = (type: ContentType): boolean => type === 'video' || type === 'video_file';

/** A step's own fields, checked and trimmed (its stored media are the step's to check: they depend on what it already has). */
export interface CheckedStepFields {
  title: string;
  description: string;
  videoUrl: string;
  textContent: string;
}

/**
 * The rules every step follows (title, description, a content type allowed where it goes, a
 * duration) and those its type asks of the form: a playable https link, a text, a quiz.
 */
export function checkStepInput(input: ContentInput, allowed: readonly ContentType[]): CheckedStepFields {
  const title = input.title.trim();
  if (!title) throw new InvalidCourseError('Le titre est obligatoire.', 'title');
  if (title.length > TITLE_MAX) throw new InvalidCourseError(`Le titre ne doit pas dépasser ${TITLE_MAX} caractères.`, 'title');
  const description = (input.description ?? '').trim();
  if (description.length > DESCRIPTION_MAX) throw new InvalidCourseError(`La description ne doit pas dépasser ${DESCRIPTION_MAX} caractères.`, 'description');
  if (!allowed.includes(input.contentType)) {
    throw new InvalidCourseError(`Type de contenu non pris en charge ici (choisissez : ${allowed.filter((t) => t !== 'video').join(', ')}).`, 'content_type');
  }
  if (!Number.isInteger(input.duration) || input.duration < 0 || input.duration > DURATION_MAX) {
    throw new InvalidCourseError('La durée doit être un nombre entier de secondes, positif (999 h au plus).', 'duration');
  }
  const type = input.contentType;
  const videoUrl = (input.videoUrl ?? '').trim();
  const textContent = input.textContent ?? '';
  if (type === 'video_url') {
    if (!videoUrl) throw new InvalidCourseError("Indiquez l'adresse de la vidéo (YouTube, Vimeo ou lien direct https).", 'video_url');
    if (videoUrl.length > 500 || !toPlayableVideoUrl(videoUrl)) {
      throw new InvalidCourseError("L'adresse de la vidéo doit être un lien https (YouTube, Vimeo ou fichier vidéo).", 'video_url');
    }
  }
  if (type === 'text') {
    if (!textContent.trim()) throw new InvalidCourseError('Le contenu texte est obligatoire pour une étape de type texte.', 'text_content');
    if (textContent.length > TEXT_CONTENT_MAX) throw new InvalidCourseError(TEXT_CONTENT_TOO_LONG, 'text_content');
  }
  // Whether the quiz is the course trainer's is asked to the assessment context by the handler.
  if (type === 'quiz' && !input.quizId) throw new InvalidCourseError('Choisissez le quiz de cette étape.', 'quiz');
  return { title, description, videoUrl, textContent };
}
