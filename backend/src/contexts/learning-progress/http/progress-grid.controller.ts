import { Controller, Get, Logger, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { sendWorkbook, XLSX_FILE_RESPONSE, XLSX_TYPE } from '../../../platform/http/xlsx.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { ExportProgressGrid } from '../application/exports/progress-grid-export.js';
import { GetProgressGrid, ProgressGridView } from '../application/queries/get-progress-grid.query.js';
import { ProgressGridQuery } from './progress-grid.requests.js';

/** The progress grid of a course (issue 28 item 1, docs/adr/0042-progress-grid.md): its trainer and admins. */
@ApiTags('Progression')
@Controller()
export class ProgressGridController {
  private readonly logger = new Logger('ProgressGrid');

  constructor(private readonly queries: QueryBus) {}

  @Get('progress-grid/:courseId')
  @Authenticated('teacher', 'admin')
  @ApiOperation({
    summary: 'La grille de progression d’un cours : une ligne par apprenant inscrit (paginée, triée, filtrée), une cellule par étape (validée, ouverte, verrouillée), pourcentage, temps actif, dernière activité, scores de quiz et SCORM (le formateur du cours, les administrateurs)',
  })
  @ApiOkResponse({ type: ProgressGridView })
  grid(@CurrentActor() actor: Actor, @Param('courseId', IdPipe) courseId: number, @Query() query: ProgressGridQuery): Promise<ProgressGridView> {
    return this.queries.execute(new GetProgressGrid(actor, courseId, query.toGridRequest()));
  }

  @Get('progress-grid/:courseId/export')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Progression_cours_{id}.xlsx : la grille entière (mêmes tri et filtres), écrite au fil de la lecture' })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse(XLSX_FILE_RESPONSE)
  async export(@CurrentActor() actor: Actor, @Param('courseId', IdPipe) courseId: number, @Query() query: ProgressGridQuery, @Res() reply: FastifyReply): Promise<void> {
    const { page: _page, pageSize: _size, ...request } = query.toGridRequest();
    await sendWorkbook(reply, await this.queries.execute(new ExportProgressGrid(actor, courseId, request)), this.logger);
  }
}
