import { readFile } from 'node:fs/promises';
import { Body, Controller, Get, Header, HttpCode, Param, Post, Res, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiProperty, ApiPropertyOptional, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IsUploadedFile, UploadedFile } from '../../../platform/http/uploaded-file.js';
import { XLSX_TYPE } from '../../../platform/http/xlsx.js';
import { InvalidInputError, type Actor } from '../../../shared-kernel/index.js';
import { templateWorkbook } from '../application/student-import/import-file.js';
import { GetStudentImport, type StudentImportView } from '../application/student-import/get-student-import.query.js';
import { HandOverImportLinks } from '../application/student-import/hand-over-import-links.command.js';
import { PreviewStudentImport, type ImportPreviewView } from '../application/student-import/preview-student-import.query.js';
import { ImportHasProblemsError, RequestStudentImport } from '../application/student-import/request-student-import.command.js';
import { COLUMN_LABELS, TEMPLATE_COLUMNS } from '../domain/student-import-rows.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_PIPE = {
  transform(id: string): string {
    if (!UUID.test(id)) throw new InvalidInputError('L’identifiant d’import doit être un UUID.', 'id');
    return id.toLowerCase();
  },
};

export class ImportFileForm {
  @ApiProperty({ type: 'string', format: 'binary', description: 'Classeur .xlsx ou CSV UTF-8 (« ; » ou « , »), 10 Mo au plus' })
  @IsUploadedFile({ message: 'Joignez le fichier des étudiants (.xlsx ou .csv).' })
  import_file!: UploadedFile;
}

export class StartImportForm extends ImportFileForm {
  @ApiPropertyOptional({ format: 'uuid', description: 'Clé tirée par la page : renvoyée, elle répond le même import (ADR 0022)' })
  @IsOptional()
  @IsUUID('all', { message: 'La clé de requête doit être un UUID.' })
  request_key?: string;
}

export class ImportStartedResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) job_id!: string | null;
  @ApiProperty() total!: number;
}

export class PreviewRowResponse {
  @ApiProperty() line!: number;
  @ApiProperty() prenom!: string;
  @ApiProperty() nom!: string;
  @ApiProperty({ nullable: true, type: String }) email!: string | null;
  @ApiProperty({ type: [String] }) formations!: string[];
  @ApiProperty({ nullable: true, type: String }) session!: string | null;
  @ApiProperty({ nullable: true, type: String }) date_entree!: string | null;
  @ApiProperty({ nullable: true, type: String }) date_sortie!: string | null;
  @ApiProperty({ type: [String] }) problems!: string[];
}

export class ImportPreviewResponse {
  @ApiProperty() total!: number;
  @ApiProperty() importable!: boolean;
  @ApiProperty({ type: [String] }) file_problems!: string[];
  @ApiProperty() rows_with_problems!: number;
  @ApiProperty({ type: [PreviewRowResponse] }) rows!: PreviewRowResponse[];
}

export class ImportProgressResponse {
  @ApiProperty() done!: number;
  @ApiProperty() total!: number;
}

export class StudentImportResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['queued', 'imported', 'failed'] }) status!: 'queued' | 'imported' | 'failed';
  @ApiProperty() total!: number;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) job_id!: string | null;
  @ApiProperty({ type: ImportProgressResponse, nullable: true }) progress!: ImportProgressResponse | null;
  @ApiProperty() created_at!: string;
  @ApiProperty({ nullable: true, type: String }) finished_at!: string | null;
  @ApiProperty({ nullable: true, type: String }) failure!: string | null;
  @ApiProperty({ type: ImportProgressResponse, nullable: true, description: 'Les e-mails d’activation, envoyés par leur propre tâche après l’import' }) emails!: ImportProgressResponse | null;
  @ApiProperty() links_pending!: number;
}

export class ActivationLinkResponse {
  @ApiProperty() line!: number;
  @ApiProperty() student_id!: number;
  @ApiProperty() prenom!: string;
  @ApiProperty() nom!: string;
  @ApiProperty() link!: string;
}

/** The bulk import of learners (issue 29 item 3, docs/adr/0052): the admins'. */
@ApiTags('Import d’étudiants')
@Controller()
export class StudentImportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('admin/student-imports/template')
  @Authenticated('admin')
  @ApiProduces(XLSX_TYPE)
  @ApiResponse({ status: 200, description: 'Le classeur .xlsx du modèle', content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } } })
  @Header('content-type', XLSX_TYPE)
  @Header('content-disposition', 'attachment; filename="modele-import-etudiants.xlsx"')
  @ApiOperation({ summary: 'Le modèle du fichier à importer (.xlsx) : les colonnes et une ligne d’exemple' })
  async template(): Promise<StreamableFile> {
    const example = ['Camille', 'Martin', 'camille.martin@exemple.fr', '06 12 34 56 78', 'CPF-2027-0001', 'CPF', 'Distanciel', 'Titre du cours', '', '11/01/2027', '26/03/2027', ''];
    return new StreamableFile(await templateWorkbook(TEMPLATE_COLUMNS.map((c) => COLUMN_LABELS[c]), example));
  }

  @Post('admin/student-imports/preview')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Lit le fichier et liste les problèmes de chaque ligne, en français, sans rien écrire' })
  @ApiOkResponse({ type: ImportPreviewResponse })
  async preview(@CurrentActor() actor: Actor, @Body() body: ImportFileForm): Promise<ImportPreviewView> {
    return this.queries.execute(new PreviewStudentImport(actor, await readFile(body.import_file.path)));
  }

  @Post('admin/student-imports')
  @HttpCode(201)
  @Authenticated('admin')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Importe le fichier (tout ou rien) sur la file de tâches ; 422 avec l’aperçu quand une ligne a un problème' })
  @ApiCreatedResponse({ type: ImportStartedResponse })
  async start(@CurrentActor() actor: Actor, @Body() body: StartImportForm, @Res({ passthrough: true }) reply: FastifyReply): Promise<ImportStartedResponse | object> {
    try {
      const started = await this.commands.execute(new RequestStudentImport(actor, await readFile(body.import_file.path), body.request_key ?? crypto.randomUUID()));
      return { id: started.importId, job_id: started.jobId, total: started.total };
    } catch (error) {
      if (!(error instanceof ImportHasProblemsError)) throw error;
      void reply.status(422);
      return { statusCode: 422, message: error.message, preview: error.preview };
    }
  }

  @Get('admin/student-imports/:id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'L’état d’un import et sa progression' })
  @ApiOkResponse({ type: StudentImportResponse })
  status(@CurrentActor() actor: Actor, @Param('id', UUID_PIPE) id: string): Promise<StudentImportView> {
    return this.queries.execute(new GetStudentImport(actor, id));
  }

  @Post('admin/student-imports/:id/links')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les liens d’activation des étudiants sans e-mail, donnés une seule fois puis oubliés' })
  @ApiOkResponse({ type: [ActivationLinkResponse] })
  async links(@CurrentActor() actor: Actor, @Param('id', UUID_PIPE) id: string): Promise<ActivationLinkResponse[]> {
    const links = await this.commands.execute(new HandOverImportLinks(actor, id));
    return links.map((l) => ({ line: l.line, student_id: l.studentId, prenom: l.prenom, nom: l.nom, link: l.link }));
  }
}
