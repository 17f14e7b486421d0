import { mkdtemp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { QueryBus } from '@nestjs/cqrs';
import { detectVideoType } from '../../../../platform/storage/file-types.js';
import type { StagedUploads } from '../../../../platform/storage/staged-uploads.js';
import { readVideoDuration } from '../../../../platform/storage/video-duration.js';
import { InvalidInputError } from '../../../../shared-kernel/index.js';
import type { ContentType } from '../../contracts/catalogue.events.js';
import { IsQuizOfTrainer } from '../../contracts/catalogue.queries.js';
import type { StoredScorm, StoredVideo } from '../../domain/step-input.js';
import { extractScormZip, inspectScormZip, MANIFEST_READING } from '../../domain/scorm/index.js';

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
): Promise<{ video?: StoredVideo; scorm?: StoredScorm }> {
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
