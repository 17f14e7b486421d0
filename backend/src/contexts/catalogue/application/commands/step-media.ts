import { mkdtemp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { QueryBus } from '@nestjs/cqrs';
import type { AggregateStore, Staged } from '../../../../platform/aggregate-store/index.js';
import { detectVideoType } from '../../../../platform/storage/file-types.js';
import type { StagedUploads } from '../../../../platform/storage/staged-uploads.js';
import { readVideoDuration } from '../../../../platform/storage/video-duration.js';
import { InvalidInputError, type Actor } from '../../../../shared-kernel/index.js';
import type { ContentType } from '../../contracts/catalogue.events.js';
import { IsQuizOfTrainer } from '../../contracts/catalogue.queries.js';
import type { StoredScorm, StoredVideo } from '../../domain/step-input.js';
import { extractScormZip, inspectScormZip, MANIFEST_READING } from '../../domain/scorm/index.js';
import { assertMayChangeCourse, courseIdOfStep } from './load-course.js';

/** A file the HTTP layer streamed to a temporary place (never held in memory). */
export interface IncomingFile {
  path: string;
  size: number;
  filename: string;
  /** Its first bytes, to recognise it by content. */
  head: Buffer;
}

export interface StepFiles {
  video?: IncomingFile;
  scorm?: IncomingFile;
}

/** Where a course's protected content lives in storage (served only through the content gate). */
export const contentFolder = (courseId: number, kind: 'videos' | 'scorm' | 'documents') => `content/courses/${courseId}/${kind}`;

export interface StepMedia {
  video?: StoredVideo;
  scorm?: StoredScorm;
}

/** A step's course: named, or that of a chapter or sub-chapter. */
export type StepPlace = { courseId: number } | { kind: 'chapter' | 'subchapter'; id: number };

/**
 * Stores a step's file before the change's transaction opens (docs/adr/0060): first the course is
 * read (no lock) and the actor must be its author, so a stranger makes the server upload nothing;
 * then the file is checked, measured or extracted, and uploaded. The change keeps it with
 * `uow.uploads.keep(staged)` inside `store.transaction(work, { staged })`, where the course's
 * rules are checked again, locked; a refused change removes it.
 */
export function stageStepFiles(store: AggregateStore, actor: Actor, place: StepPlace, contentType: ContentType, files: StepFiles): Promise<Staged<StepMedia>> {
  const video = contentType === 'video' || contentType === 'video_file' ? files.video : undefined;
  const scorm = contentType === 'scorm' ? files.scorm : undefined;
  if (!video && !scorm) return store.stage(async () => ({}));
  return store.stage(async (read) => {
    const courseId = 'courseId' in place ? place.courseId : await courseIdOfStep(read, place.kind, place.id);
    await assertMayChangeCourse(read, actor, courseId);
    return stageStepMedia(read.uploads, courseId, contentType, { video, scorm });
  });
}

/**
 * Stores the file the step's type needs (a video checked by its bytes and measured; a SCORM
 * package checked, then extracted) in the unit of work's staged uploads, so that a refused change
 * leaves nothing behind. A file sent for another type is ignored.
 */
export async function stageStepMedia(
  uploads: StagedUploads,
  courseId: number,
  contentType: ContentType,
  files: StepFiles,
): Promise<StepMedia> {
  if ((contentType === 'video' || contentType === 'video_file') && files.video) {
    const { video } = files;
    const format = detectVideoType(video.head);
    if (!format) throw new InvalidInputError('La vidéo doit être un fichier MP4 ou WebM.', 'video');
    const duration = await readVideoDuration(video.path);
    const path = await uploads.putFile(contentFolder(courseId, 'videos'), format, video.path);
    return { video: { path, format, bytes: video.size, duration } };
  }
  if (contentType === 'scorm' && files.scorm) {
    const { scorm } = files;
    // Checked before anything is written: a refused package leaves not even an empty folder.
    await inspectScormZip(scorm.path);
    // Extracted beside the received file (a local temporary directory), then moved into storage as one
    // package (uploaded under one prefix on an object store, docs/adr/0060); never left behind.
    const extracted = await mkdtemp(join(dirname(scorm.path), 'scorm-'));
    let manifest: Awaited<ReturnType<typeof extractScormZip>>;
    let path: string;
    try {
      manifest = await extractScormZip(scorm.path, extracted);
      path = await uploads.putDirectory(contentFolder(courseId, 'scorm'), extracted);
    } finally {
      await rm(extracted, { recursive: true, force: true });
    }
    return {
      scorm: { path, version: manifest.version, launch: manifest.launch, manifest: { ...manifest, reading: MANIFEST_READING }, items: manifest.items.length, bytes: scorm.size },
    };
  }
  return {};
}

/** A quiz step names a live quiz of the course's trainer (asked to the assessment context). */
export async function checkQuizStep(queries: QueryBus, input: { contentType: ContentType; quizId?: number | null }, teacherId: number | null): Promise<void> {
  if (input.contentType !== 'quiz' || !input.quizId) return;
  if (!(await queries.execute(new IsQuizOfTrainer(input.quizId, teacherId)))) {
    throw new InvalidInputError("Ce quiz n'existe pas ou n'appartient pas au formateur du cours.", 'quiz');
  }
}
