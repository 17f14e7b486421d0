import { Body, Controller, Get, Logger, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { paged, PagedOf, type Paged } from '../../../platform/http/paging.js';
import { sendWorkbook, XLSX_FILE_RESPONSE, XLSX_TYPE } from '../../../platform/http/xlsx.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { ExportIndicatorLearners } from '../application/indicators-export.js';
import { GetIndicators, GetPublicResults, ListIndicatorLearners } from '../application/indicators.queries.js';
import { IndicatorLearner, IndicatorsView, PublicResultsView } from '../application/indicators.views.js';
import { SwitchPublicResults } from '../application/public-results.command.js';
import { filtersOf, IndicatorLearnersQuery, IndicatorsQuery, PublicResultsForm } from './indicators.requests.js';

const PAGE_SIZE = 20;
class IndicatorLearnersPage extends PagedOf(IndicatorLearner) {}

/** The director's Qualiopi indicators (issue 29 item 7, docs/adr/0056): admins; the public results page for everyone. */
@ApiTags('Indicateurs Qualiopi')
@Controller()
export class IndicatorsController {
  private readonly logger = new Logger('Indicateurs');

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('admin/indicators')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les indicateurs sur une période d’entrée (par défaut douze mois), une formation ou une session' })
  @ApiOkResponse({ type: IndicatorsView })
  indicators(@Query() query: IndicatorsQuery): Promise<IndicatorsView> {
    return this.queries.execute(new GetIndicators(filtersOf(query)));
  }

  @Get('admin/indicators/learners')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les apprenants derrière un indicateur, 20 par page (mêmes filtres)' })
  @ApiOkResponse({ type: IndicatorLearnersPage })
  async learners(@Query() query: IndicatorLearnersQuery, @Req() request: FastifyRequest): Promise<Paged<IndicatorLearner>> {
    const page = { page: query.page ?? 1, pageSize: query.page_size ?? PAGE_SIZE };
    const { count, rows } = await this.queries.execute(new ListIndicatorLearners(filtersOf(query), query.figure ?? 'learners', page.page, page.pageSize));
    return paged(rows, count, page, request.url);
  }

  @Get('admin/indicators/learners/export')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les apprenants derrière un indicateur en classeur .xlsx (mêmes filtres)' })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse(XLSX_FILE_RESPONSE)
  async export(@Query() query: IndicatorLearnersQuery, @Res() reply: FastifyReply): Promise<void> {
    await sendWorkbook(reply, await this.queries.execute(new ExportIndicatorLearners(filtersOf(query), query.figure ?? 'learners')), this.logger);
  }

  @Put('admin/indicators/public-results')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Publie ou retire la page publique « Nos résultats » (indicateur 2)' })
  @ApiOkResponse({ type: PublicResultsView })
  async switchPublic(@CurrentActor() actor: Actor, @Body() body: PublicResultsForm): Promise<PublicResultsView> {
    await this.commands.execute(new SwitchPublicResults(actor, body.enabled));
    return this.queries.execute(new GetPublicResults());
  }

  @Get('public-results')
  @ApiOperation({ summary: 'Les résultats que le centre publie (douze derniers mois ; un taux à partir de 5 apprenants), ou enabled: false' })
  @ApiOkResponse({ type: PublicResultsView })
  publicResults(): Promise<PublicResultsView> {
    return this.queries.execute(new GetPublicResults());
  }
}
