import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Authenticated } from '../auth/auth.decorators.js';
import { paged, type Paged } from '../http/paging.js';
import { EventLogQueries, type EventView } from './event-log.queries.js';
import { EventLogListRequest } from './event-log.requests.js';
import { EventPage, ProjectionsStatusResponse, RetryResponse } from './event-log.responses.js';
import { ProjectionStatusService, type ProjectionsStatus } from './projection-status.js';

@ApiTags('Journal des événements')
@Controller('admin')
@Authenticated('admin')
export class EventLogController {
  constructor(
    private readonly queries: EventLogQueries,
    private readonly projections: ProjectionStatusService,
  ) {}

  @Get('event-log')
  @ApiOperation({ summary: 'Journal des événements, paginé, filtrable par flux, type, auteur et période' })
  @ApiOkResponse({ type: EventPage })
  async list(@Query() filters: EventLogListRequest, @Req() request: FastifyRequest): Promise<Paged<EventView>> {
    const { count, page, pageSize, results } = await this.queries.list(filters);
    return paged(results, count, { page, pageSize }, request.url);
  }

  @Get('projections')
  @ApiOperation({ summary: 'État des projections et des politiques : point de reprise, retard, dernière erreur' })
  @ApiOkResponse({ type: ProjectionsStatusResponse })
  status(): Promise<ProjectionsStatus> {
    return this.projections.status();
  }

  @Post('projections/:name/retry')
  @HttpCode(202)
  @ApiOperation({ summary: 'Relance tout de suite une projection en échec, sans attendre la fin du délai' })
  @ApiAcceptedResponse({ type: RetryResponse })
  async retry(@Param('name') name: string): Promise<RetryResponse> {
    await this.projections.retryNow(name);
    return { name, retry: 'demandée' };
  }
}
