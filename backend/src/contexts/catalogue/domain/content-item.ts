import { Enum, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { CONTENT_TYPES, type ContentType } from '../contracts/catalogue.events.js';
import { InvalidCourseError } from './catalogue.errors.js';
import { checkDeclaredMinutes } from './course-promises.js';
import { checkStepInput, isVideoFileType, type ContentInput } from './step-input.js';

/**
 * The steps of a course (chapters, and sub-chapters under a chapter): entities of the Course
 * aggregate, changed only through it. Each applies a checked input and keeps its stored media
 * (an uploaded video, a chapter's SCORM package), giving back the files a change no longer uses.
 */
export abstract class ContentItem {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 200 })
  title = '';

  @Property({ type: 'text' })
  description = '';

  @Property({ type: 'integer', fieldName: 'position' })
  order: number;

  @Enum({ items: () => [...CONTENT_TYPES], type: 'string', fieldName: 'content_type' })
  contentType: ContentType = 'text';

  @Property({ type: 'integer' })
  duration = 0;

  @Property({ type: 'string', length: 500, fieldName: 'video_url' })
  videoUrl = '';

  @Property({ type: 'text', fieldName: 'text_content' })
  textContent = '';

  @Property({ type: 'string', length: 300, fieldName: 'video_file', nullable: true })
  videoFile: string | null = null;

  /** The uploaded video's own duration, in seconds (what "watched to the end" is measured against). */
  @Property({ type: 'integer', fieldName: 'media_duration', nullable: true })
  mediaDuration: number | null = null;

  @Property({ type: 'integer', fieldName: 'quiz_id', nullable: true })
  quizId: number | null = null;

  @Property({ type: 'datetime', fieldName: 'archived_at', nullable: true })
  archivedAt: Date | null = null;

  /** The declared average duration in minutes (« durée moyenne estimée », D.6313-3-1 2°); null: not declared. */
  @Property({ type: 'integer', fieldName: 'declared_minutes', nullable: true })
  declaredMinutes: number | null = null;

  protected constructor(order: number) {
    this.order = order;
  }

  get isArchived(): boolean {
    return this.archivedAt !== null;
  }

  /** Whether a learner has something to go through here: the file, link, text, quiz or package its type needs. */
  isPlayable(): boolean {
    switch (this.contentType) {
      case 'video':
      case 'video_file':
        return this.videoFile !== null || this.videoUrl.trim() !== '';
      case 'video_url':
        return this.videoUrl.trim() !== '';
      case 'text':
        return this.textContent.trim() !== '';
      case 'quiz':
        return this.quizId !== null;
      default:
        return this.hasPackage();
    }
  }

  /** A SCORM package: chapters only (overridden there). */
  protected hasPackage(): boolean {
    return false;
  }

  /** The stored files of this item (and its children), to remove when it is deleted. */
  files(): string[] {
    return this.videoFile ? [this.videoFile] : [];
  }

  /**
   * Checks the input against the rules of its content type and applies it. Returns the stored files
   * it no longer uses (a replaced video, the package of a step that changed type).
   */
  apply(input: ContentInput, allowed: readonly ContentType[]): string[] {
    const { title, description, videoUrl, textContent } = checkStepInput(input, allowed);
    const declaredMinutes = input.declaredMinutes === undefined ? this.declaredMinutes : checkDeclaredMinutes(input.declaredMinutes);
    const type = input.contentType;
    const isVideoFile = isVideoFileType(type);
    if (isVideoFile && !input.video && !this.videoFile) throw new InvalidCourseError('Ajoutez le fichier vidéo (MP4 ou WebM) de cette étape.', 'video');
    const superseded: string[] = [];
    this.applyPackage(input, superseded);

    if (input.video) {
      superseded.push(...(this.videoFile ? [this.videoFile] : []));
      this.videoFile = input.video.path;
      this.mediaDuration = input.video.duration;
    } else if (!isVideoFile && this.videoFile) {
      superseded.push(this.videoFile);
      this.videoFile = null;
      this.mediaDuration = null;
    }
    this.title = title;
    this.description = description;
    this.declaredMinutes = declaredMinutes;
    this.contentType = type;
    this.videoUrl = type === 'video_url' ? videoUrl : '';
    this.textContent = type === 'text' ? textContent : '';
    this.quizId = type === 'quiz' ? input.quizId! : null;
    this.duration = input.duration === 0 && isVideoFile && this.mediaDuration ? this.mediaDuration : input.duration;
    return superseded;
  }

  /** A SCORM package: chapters only (overridden there). */
  protected applyPackage(_input: ContentInput, _superseded: string[]): void {}
}
