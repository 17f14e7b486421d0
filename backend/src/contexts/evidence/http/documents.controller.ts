import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiProperty, ApiPropertyOptional, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { attachmentDisposition } from '../../../platform/storage/serve-file.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { DocumentFactsAssembler } from '../application/documents/document-facts.assembler.js';
import { DownloadIssuedDocument } from '../application/documents/download-document.command.js';
import { IssueDocument, type IssuedDocumentView } from '../application/documents/issue-document.command.js';
import { IssuedDocumentSummary, ListIssuedDocuments } from '../application/documents/list-documents.query.js';
import { DOCUMENT_KINDS, type DocumentKind } from '../domain/issued-document.facts.js';
import { HOURS_BASES, PARTIAL_REASONS, type PartialReason } from '../domain/issued-document.hours.js';

const KIND_MESSAGE = 'Le type de document doit être « certificat_realisation » ou « attestation_fin_formation ».';
const REASON_MESSAGE = 'Le motif doit être « abandon », « absence », « interruption » ou « force_majeure ».';

export class IssueDocumentRequest {
  @ApiProperty({ enum: DOCUMENT_KINDS, description: 'Certificat de réalisation ou attestation de fin de formation' })
  @IsIn(DOCUMENT_KINDS, { message: KIND_MESSAGE })
  kind!: DocumentKind;

  @ApiPropertyOptional({ enum: PARTIAL_REASONS, nullable: true, description: 'Motif d’une réalisation partielle (exigé quand le taux est sous 100 %, refusé sinon)' })
  @IsOptional()
  @IsIn(PARTIAL_REASONS, { message: REASON_MESSAGE })
  partial_reason?: PartialReason | null;
}

export class DocumentPreviewQuery {
  @ApiProperty({ enum: DOCUMENT_KINDS })
  @IsIn(DOCUMENT_KINDS, { message: KIND_MESSAGE })
  kind!: DocumentKind;
}

export class IssuedDocumentResponse {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: DOCUMENT_KINDS }) kind!: DocumentKind;
  @ApiProperty() version!: number;
  @ApiProperty() verification_code!: string;
  @ApiProperty() pdf_sha256!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'La version que celle-ci remplace' }) replaced_version!: number | null;
  @ApiProperty({ description: 'Vrai quand la version en cours énonçait déjà exactement ces faits : rien n’a été émis' }) unchanged!: boolean;
}

export class PreviewHoursView {
  @ApiProperty({ enum: HOURS_BASES }) basis!: string;
  @ApiProperty({ type: String, nullable: true }) method!: string | null;
  @ApiProperty() realised_minutes!: number;
  @ApiProperty({ type: Number, nullable: true }) planned_minutes!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Taux de réalisation en pour mille (arrondi par défaut)' }) completion_per_mille!: number | null;
  @ApiProperty({ type: Number, nullable: true }) not_completed_minutes!: number | null;
  @ApiProperty() partial!: boolean;
  @ApiProperty() undeclared_validated_steps!: number;
}

export class PreviewLineView {
  @ApiProperty() intitule!: string;
  @ApiProperty() resultat!: string;
}

/** What the document will print, as assembled now (the dialog before issuing). */
export class DocumentPreviewResponse {
  @ApiProperty({ enum: DOCUMENT_KINDS }) kind!: DocumentKind;
  @ApiProperty() learner_name!: string;
  @ApiProperty() course_title!: string;
  @ApiProperty({ type: PreviewHoursView }) hours!: PreviewHoursView;
  @ApiProperty({ type: String, nullable: true }) debut!: string | null;
  @ApiProperty({ type: String, nullable: true }) fin!: string | null;
  @ApiProperty({ type: String, nullable: true }) financeur!: string | null;
  @ApiProperty({ type: String, nullable: true }) numero_dossier!: string | null;
  @ApiProperty({ type: String, nullable: true }) employeur!: string | null;
  @ApiProperty({ type: String, nullable: true }) nature!: string | null;
  @ApiProperty() objectives_declared!: boolean;
  @ApiProperty({ type: [PreviewLineView] }) evaluation!: PreviewLineView[];
  @ApiProperty({ type: [String], description: 'Ce que l’identité du centre n’a pas encore (le document l’écrira « non renseigné »)' }) centre_missing!: string[];
}

const FILE_RESPONSE = { status: 200, description: 'Le PDF (tel qu’émis, ou portant « remplacé »)', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };

/**
 * Certificates of completion and end-of-training attestations (issue 26 items 6 and 8,
 * docs/adr/0035): an admin issues (and corrects by issuing again), admins, the course's trainer and
 * the learner list and download; each issue and download is an event.
 */
@ApiTags('Preuves')
@Controller()
export class DocumentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly assembler: DocumentFactsAssembler,
  ) {}

  @Get('admin/students/:studentId/courses/:courseId/documents/preview')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Ce que le document imprimerait s’il était émis maintenant (heures, base, taux, financement, ce qui manque au centre)' })
  @ApiOkResponse({ type: DocumentPreviewResponse })
  async preview(
    @CurrentActor() actor: Actor,
    @Param('studentId', IdPipe) studentId: number,
    @Param('courseId', IdPipe) courseId: number,
    @Query() query: DocumentPreviewQuery,
  ): Promise<DocumentPreviewResponse> {
    const { facts } = await this.assembler.assemble(actor, studentId, courseId, null);
    return {
      kind: query.kind,
      learner_name: `${facts.learner.prenom} ${facts.learner.nom}`,
      course_title: facts.course.title,
      hours: facts.hours,
      debut: facts.dates.debut,
      fin: facts.dates.fin,
      financeur: facts.funding.financeur,
      numero_dossier: facts.funding.numero_dossier,
      employeur: facts.employer?.nom ?? null,
      nature: facts.course.nature,
      objectives_declared: facts.course.objectives !== null,
      evaluation: facts.evaluation,
      centre_missing: facts.centre.missing,
    };
  }

  @Post('admin/students/:studentId/courses/:courseId/documents')
  @Authenticated('admin')
  @ApiOperation({
    summary: 'Émet le certificat de réalisation ou l’attestation de fin de formation (une nouvelle version si l’un est déjà émis : l’ancien devient « remplacé » ; les mêmes faits que la version en cours : rien n’est émis, 200)',
  })
  @ApiCreatedResponse({ type: IssuedDocumentResponse })
  @ApiOkResponse({ type: IssuedDocumentResponse, description: 'La version en cours énonçait déjà ces faits : rien n’a été émis' })
  async issue(
    @CurrentActor() actor: Actor,
    @Param('studentId', IdPipe) studentId: number,
    @Param('courseId', IdPipe) courseId: number,
    @Body() body: IssueDocumentRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<IssuedDocumentResponse> {
    const { facts, images } = await this.assembler.assemble(actor, studentId, courseId, body.partial_reason ?? null);
    const issued: IssuedDocumentView = await this.commands.execute(new IssueDocument(actor, body.kind, facts, images));
    void reply.status(issued.unchanged ? 200 : 201);
    return {
      id: issued.documentId,
      kind: issued.kind,
      version: issued.version,
      verification_code: issued.verificationCode,
      pdf_sha256: issued.pdfSha256,
      replaced_version: issued.replacedVersion,
      unchanged: issued.unchanged,
    };
  }

  @Get('admin/students/:studentId/courses/:courseId/documents')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Les documents émis d’un apprenant pour un cours, toutes versions (administrateurs, formateur du cours)' })
  @ApiOkResponse({ type: [IssuedDocumentSummary] })
  list(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number): Promise<IssuedDocumentSummary[]> {
    return this.queries.execute(new ListIssuedDocuments(actor, studentId, courseId));
  }

  @Get('evidence/students/:studentId/courses/:courseId/documents')
  @Authenticated('student', 'teacher', 'admin')
  @ApiOperation({ summary: 'Les documents émis d’un apprenant pour un cours : l’apprenant lui-même, le formateur du cours, les administrateurs' })
  @ApiOkResponse({ type: [IssuedDocumentSummary] })
  listFor(@CurrentActor() actor: Actor, @Param('studentId', IdPipe) studentId: number, @Param('courseId', IdPipe) courseId: number): Promise<IssuedDocumentSummary[]> {
    return this.queries.execute(new ListIssuedDocuments(actor, studentId, courseId));
  }

  @Get('evidence/me/courses/:courseId/documents')
  @Authenticated('student')
  @ApiOperation({ summary: 'Mes documents pour ce cours : les versions en vigueur (émises), à télécharger' })
  @ApiOkResponse({ type: [IssuedDocumentSummary] })
  async mine(@CurrentActor() actor: Actor, @Param('courseId', IdPipe) courseId: number): Promise<IssuedDocumentSummary[]> {
    const all: IssuedDocumentSummary[] = await this.queries.execute(new ListIssuedDocuments(actor, actor.profileId, courseId));
    return all.filter((document) => document.status === 'emis');
  }

  @Get('evidence/documents/:documentId/pdf')
  @Authenticated('student', 'teacher', 'admin')
  @ApiOperation({ summary: 'Télécharge un document émis (enregistré : DocumentDownloaded) ; une version remplacée se télécharge encore, marquée « remplacé »' })
  @ApiProduces('application/pdf')
  @ApiResponse(FILE_RESPONSE)
  async download(@CurrentActor() actor: Actor, @Param('documentId', IdPipe) documentId: number, @Res() reply: FastifyReply): Promise<void> {
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
