import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { MediaAuthenticated } from '../../../platform/auth/media-session.js';
import { Database } from '../../../platform/database/database.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { MediaStorage } from '../../../platform/storage/media-storage.js';
import { sendStoredFile } from '../../../platform/storage/serve-file.js';
import { ForbiddenError, NotFoundError, type Actor } from '../../../shared-kernel/index.js';
import { launchUrl } from '../application/queries/authoring.sql.js';
import { CanReadCourseContent } from '../application/queries/can-read-course-content.query.js';

const NOT_FOUND = 'Contenu introuvable.';
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
 */
@ApiExcludeController()
@Controller()
@MediaAuthenticated()
export class CourseContentController {
  constructor(
    private readonly queries: QueryBus,
    private readonly db: Database,
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
    let downloadName: string | undefined;
    if (publicPath.includes('/documents/')) {
      const document = await this.db.one<{ file_name: string }>('select file_name from catalogue.study_material where file_path = $1', [publicPath]);
      if (!document) throw new NotFoundError(NOT_FOUND);
      downloadName = document.file_name;
    }
    await sendStoredFile(reply, request, this.storage.absolutePathOf(publicPath), { downloadName, cacheSeconds: 0 });
  }

  /** The spec's frame address `/media/scorm/{chapterId}/index.html` opens the manifest's launch file. */
  @Get('media/scorm/:chapterId/*')
  async scorm(
    @CurrentActor() actor: Actor,
    @Param('chapterId', IdPipe) chapterId: number,
    @Param('*') raw: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const chapter = await this.db.one<{ course_id: number; scorm_path: string | null; launch: string | null }>(
      `select course_id, scorm_path, scorm_manifest->>'launch' as launch from catalogue.chapter where id = $1 and content_type = 'scorm'`,
      [chapterId],
    );
    if (!chapter?.scorm_path || !chapter.launch) throw new NotFoundError('Module SCORM non disponible');
    await this.assertReader(actor, chapter.course_id);
    const path = relativePath(raw);
    if (path === 'index.html' && chapter.launch !== 'index.html') {
      await reply.redirect(`/media/scorm/${chapterId}/${launchUrl(chapter.launch)}`, 302);
      return;
    }
    await sendStoredFile(reply, request, this.storage.absolutePathOf(`${chapter.scorm_path}/${path}`), { cacheSeconds: 0 });
  }

  private async assertReader(actor: Actor, courseId: number): Promise<void> {
    if (!(await this.queries.execute(new CanReadCourseContent(actor, courseId)))) throw new ForbiddenError(NOT_ALLOWED);
  }
}
