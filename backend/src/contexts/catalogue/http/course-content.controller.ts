import { Controller, Get, Logger, Param, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { MediaAuthenticated } from '../../../platform/auth/media-session.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { MediaStorage } from '../../../platform/storage/media-storage.js';
import { sendStoredFile, startsADownload } from '../../../platform/storage/serve-file.js';
import { ForbiddenError, NotFoundError, type Actor } from '../../../shared-kernel/index.js';
import { RecordDocumentDownload } from '../application/commands/record-document-download.command.js';
import { CanReadCourseContent } from '../application/queries/can-read-course-content.query.js';
import { GetDocumentName, type StoredDocumentRef } from '../application/queries/get-document-name.query.js';
import { isLearnerFetch } from '../domain/document-download.js';

const NOT_FOUND = 'Contenu introuvable.';
const SCORM_ELSEWHERE = 'Les modules SCORM s’ouvrent dans le lecteur du cours, sur l’origine des contenus, plus à cette adresse.';
const NOT_ALLOWED = 'Ce contenu est réservé aux étudiants inscrits au cours, à son formateur et aux administrateurs.';

/** The wildcard (already decoded by the router) as a stored relative path; refuses anything that could leave the package. */
function relativePath(raw: string | undefined): string {
  const path = raw ?? '';
  if (!path || path.split('/').some((part) => part === '..' || part === '.') || path.startsWith('/') || path.includes('\\')) {
    throw new NotFoundError(NOT_FOUND);
  }
  return path;
}

/**
 * The content gate (docs/adr/0011-course-content-and-archiving.md): course content is served only
 * to the course's learners, its trainer and admins, whoever asks and however (a `<video src>`, a
 * SCORM package's relative files in its frame, a download link), with range requests for seeking.
 * A learner's download of a course document is recorded once served (indicator 19): the rest of the
 * gate's traffic (videos, SCORM files, previews) costs no write.
 */
@ApiExcludeController()
@Controller()
@MediaAuthenticated()
export class CourseContentController {
  private readonly logger = new Logger(CourseContentController.name);

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly storage: MediaStorage,
  ) {}

  @Get('media/content/courses/:courseId/*')
  async content(
    @CurrentActor() actor: Actor,
    @Param('courseId', IdPipe) courseId: number,
    @Param('*') raw: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.assertReader(actor, courseId);
    const publicPath = `/media/content/courses/${courseId}/${relativePath(raw)}`;
    let document: StoredDocumentRef | null = null;
    if (publicPath.includes('/documents/')) {
      document = await this.queries.execute(new GetDocumentName(publicPath));
      if (document === null) throw new NotFoundError(NOT_FOUND);
    }
    // Decided before the first byte leaves, by the rules the answer follows (startsADownload), so the count is there once the file is.
    if (document && isLearnerFetch(actor.role, request.method) && (await startsADownload(request, this.storage, publicPath))) {
      await this.recordDownload(courseId, document.materialId, actor.profileId);
    }
    await sendStoredFile(reply, request, this.storage, publicPath, { downloadName: document?.fileName, cacheSeconds: 0 });
  }

  /** A failure to record a download is logged, never turned into a refusal of the learner's file. */
  private async recordDownload(courseId: number, materialId: number, studentId: number): Promise<void> {
    try {
      await this.commands.execute(new RecordDocumentDownload(courseId, materialId, studentId));
    } catch (error) {
      this.logger.error(`Téléchargement du document ${materialId} par l’apprenant ${studentId} non enregistré`, error instanceof Error ? error.stack : String(error));
    }
  }

  /**
   * The spec's frame address `/media/scorm/{chapterId}/…` names a package file, but no package file
   * is served on the app's origin any more, where its scripts could act as the user: packages run on
   * the content origin, launched through `POST /api/scorm-launch/` (docs/adr/0025).
   */
  @Get('media/scorm/:chapterId/*')
  scorm(@Param('chapterId', IdPipe) _chapterId: number): never {
    throw new NotFoundError(SCORM_ELSEWHERE);
  }

  private async assertReader(actor: Actor, courseId: number): Promise<void> {
    if (!(await this.queries.execute(new CanReadCourseContent(actor, courseId)))) throw new ForbiddenError(NOT_ALLOWED);
  }
}
