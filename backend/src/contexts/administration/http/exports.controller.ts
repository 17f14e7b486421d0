import { Controller, Get, Logger, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { sendWorkbook, XLSX_FILE_RESPONSE, XLSX_TYPE, type WorkbookExport } from '../application/exports/xlsx.js';
import { ExportProgress } from '../application/queries/export-progress.query.js';
import { ExportStudents } from '../application/queries/export-students.query.js';
import { ExportServiceFait } from '../application/queries/export-service-fait.query.js';
import { ProgressFilterQuery, StudentExportQuery } from './administration.requests.js';

const FILE_RESPONSE = XLSX_FILE_RESPONSE;

/**
 * The back office's Excel exports (spec 03, issue 13), built on the server over every matching row
 * and streamed as they are written (docs/administration.md): Content-Length is unknown, so the
 * answer says first how many rows it holds (`X-Export-Rows`) and about how many bytes it will be
 * (`X-Export-Estimated-Bytes`), for a progress bar read from the response's stream.
 */
@ApiTags('Administration — exports')
@Controller()
export class ExportsController {
  private readonly logger = new Logger('Exports');

  constructor(private readonly queries: QueryBus) {}

  @Get('admin/exports/progress')
  @Authenticated('admin')
  @ApiOperation({
    summary: 'Progression_Etudiants.xlsx (ou Progression_{start}_to_{end}.xlsx avec les deux dates) : feuille « Progression », tous les étudiants correspondants',
  })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse(FILE_RESPONSE)
  async progress(@CurrentActor() actor: Actor, @Query() query: ProgressFilterQuery, @Res() reply: FastifyReply): Promise<void> {
    await this.send(reply, await this.queries.execute(new ExportProgress(actor, query.toFilter())));
  }

  @Get('admin/exports/progress/:student_id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Progression_{username}.xlsx : la progression d’un étudiant' })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse(FILE_RESPONSE)
  async progressOf(@CurrentActor() actor: Actor, @Param('student_id', IdPipe) studentId: number, @Res() reply: FastifyReply): Promise<void> {
    await this.send(reply, await this.queries.execute(new ExportProgress(actor, { studentId })));
  }

  @Get('admin/exports/students')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Utilisateurs_LMS.xlsx : feuille « Utilisateurs », les étudiants correspondant à ?search= (tous sans recherche)' })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse(FILE_RESPONSE)
  async students(@CurrentActor() actor: Actor, @Query() query: StudentExportQuery, @Res() reply: FastifyReply): Promise<void> {
    await this.send(reply, await this.queries.execute(new ExportStudents(actor, { search: query.search })));
  }

  @Get('admin/exports/students/:student_id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Utilisateur_{nom d’utilisateur LMS}.xlsx : le dossier d’un étudiant' })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse(FILE_RESPONSE)
  async student(@CurrentActor() actor: Actor, @Param('student_id', IdPipe) studentId: number, @Res() reply: FastifyReply): Promise<void> {
    await this.send(reply, await this.queries.execute(new ExportStudents(actor, { studentId })));
  }

  @Get('admin/sessions/:id/service-fait/export')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Service_fait_{session}_{début}.xlsx : feuille « Service fait », une ligne par apprenant passé par la session de formation' })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse(FILE_RESPONSE)
  async serviceFait(@CurrentActor() actor: Actor, @Param('id', IdPipe) sessionId: number, @Res() reply: FastifyReply): Promise<void> {
    await this.send(reply, await this.queries.execute(new ExportServiceFait(actor, sessionId)));
  }

  private send<T>(reply: FastifyReply, workbook: WorkbookExport<T>): Promise<void> {
    return sendWorkbook(reply, workbook, this.logger);
  }
}
