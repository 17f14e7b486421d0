import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { paged, PagedOf, type Paged } from '../../../platform/http/paging.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { DashboardView, GetDashboard, GetTrends, TrendsView } from '../application/queries/dashboard.queries.js';
import { ProgressRow } from '../application/progress-rows.js';
import { ListProgress } from '../application/queries/list-progress.query.js';
import { GetServiceFait } from '../application/queries/service-fait.query.js';
import { ProgressFilterQuery, TrendsQuery } from './administration.requests.js';
import { ServiceFaitResponse } from './service-fait.responses.js';

export class ProgressPage extends PagedOf(ProgressRow) {}

/** The spec's progress list: 5 students per page unless page_size says otherwise. */
const PROGRESS_PAGE_SIZE = 5;

/** The back office's read side (issue 13): dashboard, trends, progress list. Exports: exports.controller.ts. */
@ApiTags('Administration — suivi')
@Controller()
export class AdministrationController {
  constructor(private readonly queries: QueryBus) {}

  @Get('admin/dashboard/:adminId')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Totaux du tableau de bord (cours en ligne, étudiants, formateurs) et leur dernière mise à jour ; adminId : le sien' })
  @ApiOkResponse({ type: DashboardView })
  dashboard(@CurrentActor() actor: Actor, @Param('adminId', IdPipe) adminId: number): Promise<DashboardView> {
    return this.queries.execute(new GetDashboard(actor, adminId));
  }

  @Get('admin/dashboard/:adminId/trends')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Par semaine (?weeks=12) : inscriptions, étudiants actifs, cours terminés ; taux de complétion de la période' })
  @ApiOkResponse({ type: TrendsView })
  trends(@CurrentActor() actor: Actor, @Param('adminId', IdPipe) adminId: number, @Query() query: TrendsQuery): Promise<TrendsView> {
    return this.queries.execute(new GetTrends(actor, adminId, query.weeks ?? 12));
  }

  @Get('admin/students/progress')
  @Authenticated('admin')
  @ApiOperation({
    summary: 'Suivi de progression : étudiants (comptes ouverts) par nom, cherchés (nom, e-mail, identifiant, dossier), filtrés sur la date d’entrée (bornes incluses) ou une session de formation, 5 par page',
  })
  @ApiOkResponse({ type: ProgressPage })
  async progress(@CurrentActor() actor: Actor, @Query() query: ProgressFilterQuery, @Req() request: FastifyRequest): Promise<Paged<ProgressRow>> {
    const page = query.toPageRequest(PROGRESS_PAGE_SIZE);
    const { results, count } = await this.queries.execute(new ListProgress(actor, query.toFilter(), page));
    return paged(results, count, page, request.url);
  }

  @Get('admin/sessions/:id/service-fait')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Le service fait de la session (EDOF) : par apprenant passé par la session, heures prévues, réalisées (temps mesuré par le serveur), non réalisées, taux, dates, motif' })
  @ApiOkResponse({ type: ServiceFaitResponse })
  serviceFait(@CurrentActor() actor: Actor, @Param('id', IdPipe) sessionId: number): Promise<ServiceFaitResponse> {
    return this.queries.execute(new GetServiceFait(actor, sessionId));
  }
}
