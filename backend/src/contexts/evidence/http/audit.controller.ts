import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { attachmentDisposition } from '../../../platform/storage/serve-file.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { AdmitAuditorAccess } from '../../identity/contracts/identity.auditors.js';
import {
  AuditCourseView, AuditLearnerView, AuditSessionView, GetDocumentSubject, ListAuditCourses, ListAuditLearners, ListAuditSessions,
} from '../application/audit/auditor-reads.js';
import { DossierView } from '../application/dossier/dossier.views.js';
import { GenerateLearnerDossier } from '../application/dossier/generate-dossier.command.js';
import { DownloadIssuedDocument } from '../application/documents/download-document.command.js';
import { IssuedDocumentSummary, ListIssuedDocuments } from '../application/documents/list-documents.query.js';
import { GetTranscript } from '../application/get-transcript.query.js';
import { TranscriptView } from '../application/transcript.views.js';
import { AuditLearnersQuery } from './dossier.requests.js';

/**
 * What an auditor reads (issue 27 item 4, docs/adr/0039), read-only: the courses of their scope,
 * a course's learners, a learner's transcript, documents and their PDFs, the learner's dossier de
 * preuves (generated for the audit, then downloaded through the signed link of
 * `POST /api/evidence/dossiers/{id}/download-link/`, which only they may ask). Each read is first admitted
 * by identity (scope, end date, revocation: 403 otherwise) and recorded there (`AuditorAccessed`).
 */
@ApiTags('Audit')
@Controller('audit')
export class AuditController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('courses')
  @Authenticated('auditor')
  @ApiOperation({ summary: "Les cours du périmètre de l'auditeur connecté" })
  @ApiOkResponse({ type: [AuditCourseView] })
  courses(@CurrentActor() actor: Actor): Promise<AuditCourseView[]> {
    return this.queries.execute(new ListAuditCourses(actor));
  }

  @Get('courses/:courseId/learners')
  @Authenticated('auditor')
  @ApiOperation({ summary: "Les apprenants d'un cours du périmètre (comptes clôturés compris), ou d'une de ses sessions ; accès enregistré" })
  @ApiOkResponse({ type: [AuditLearnerView] })
  async learners(@CurrentActor() actor: Actor, @Param('courseId', IdPipe) courseId: number, @Query() query: AuditLearnersQuery): Promise<AuditLearnerView[]> {
    await this.commands.execute(new AdmitAuditorAccess(actor, 'learners', { courseId, studentId: null, documentId: null }));
    return this.queries.execute(new ListAuditLearners(courseId, query.session));
  }

  @Get('courses/:courseId/sessions')
  @Authenticated('auditor')
  @ApiOperation({ summary: "Les sessions de formation d'un cours du périmètre, pour filtrer ses apprenants ; accès enregistré" })
  @ApiOkResponse({ type: [AuditSessionView] })
  async sessions(@CurrentActor() actor: Actor, @Param('courseId', IdPipe) courseId: number): Promise<AuditSessionView[]> {
    await this.commands.execute(new AdmitAuditorAccess(actor, 'learners', { courseId, studentId: null, documentId: null }));
    return this.queries.execute(new ListAuditSessions(courseId));
  }

  @Get('students/:studentId/courses/:courseId/transcript')
  @Authenticated('auditor')
  @ApiOperation({ summary: "Le relevé de formation d'un apprenant d'un cours du périmètre ; accès enregistré" })
  @ApiOkResponse({ type: TranscriptView })
  async transcript(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number): Promise<TranscriptView> {
    await this.commands.execute(new AdmitAuditorAccess(actor, 'transcript', { courseId, studentId, documentId: null }));
    return this.queries.execute(new GetTranscript(actor, studentId, courseId));
  }

  @Get('students/:studentId/courses/:courseId/documents')
  @Authenticated('auditor')
  @ApiOperation({ summary: "Les documents émis d'un apprenant d'un cours du périmètre, toutes versions ; accès enregistré" })
  @ApiOkResponse({ type: [IssuedDocumentSummary] })
  async documents(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number): Promise<IssuedDocumentSummary[]> {
    await this.commands.execute(new AdmitAuditorAccess(actor, 'documents', { courseId, studentId, documentId: null }));
    return this.queries.execute(new ListIssuedDocuments(actor, studentId, courseId));
  }

  @Post('students/:studentId/courses/:courseId/dossier')
  @HttpCode(201)
  @Authenticated('auditor')
  @ApiOperation({
    summary:
      "Génère le dossier de preuves d'un apprenant d'un cours du périmètre (comptes clôturés compris) ; accès enregistré (AuditorAccessed), dossier conservé comme celui d'un administrateur (DossierGenerated, par l'auditeur) ; rien d'autre ne change",
  })
  @ApiCreatedResponse({ type: DossierView })
  async dossier(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number): Promise<DossierView> {
    await this.commands.execute(new AdmitAuditorAccess(actor, 'dossier', { courseId, studentId, documentId: null }));
    return this.commands.execute(new GenerateLearnerDossier(actor, studentId, courseId));
  }

  @Get('documents/:documentId/pdf')
  @Authenticated('auditor')
  @ApiOperation({ summary: "Télécharge un document émis d'un cours du périmètre (enregistré : AuditorAccessed et DocumentDownloaded)" })
  @ApiProduces('application/pdf')
  @ApiResponse({ status: 200, description: 'Le PDF (tel qu’émis, ou portant « remplacé »)', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  async download(@CurrentActor() actor: Actor, @Param('documentId', IdPipe) documentId: number, @Res() reply: FastifyReply): Promise<void> {
    const { studentId, courseId } = await this.queries.execute(new GetDocumentSubject(documentId));
    await this.commands.execute(new AdmitAuditorAccess(actor, 'document', { courseId, studentId, documentId }));
    const file = await this.commands.execute(new DownloadIssuedDocument(actor, documentId));
    await reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachmentDisposition(file.filename))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('access-control-expose-headers', 'Content-Disposition')
      .send(file.bytes);
  }
}
