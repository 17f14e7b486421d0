import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Database } from '../database/database.js';
import { HealthResponse } from '../event-log/event-log.responses.js';
import { ProjectionStatusService } from '../event-log/projection-status.js';

@ApiTags('Plateforme')
@Controller('health')
export class HealthController {
  constructor(
    private readonly db: Database,
    private readonly projections: ProjectionStatusService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'État du service, de la base de données et des projections' })
  @ApiOkResponse({ type: HealthResponse })
  @ApiServiceUnavailableResponse({ type: HealthResponse })
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    try {
      await this.db.query('select 1');
    } catch {
      reply.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'error', database: 'indisponible' };
    }
    // A failing or late projection degrades the answer without failing it: the node still serves.
    const projections = await this.projections.cachedStatus().then(
      ({ status, runner, oldest_transaction_seconds, items }) => ({
        status,
        runner,
        oldest_transaction_seconds,
        // Publicly, the state and lag only; error texts and positions are for admins
        // (GET /api/admin/projections/).
        items: items.map((i) => ({ name: i.name, kind: i.kind, status: i.status, lag_events: i.lag_events, lag_seconds: i.lag_seconds })),
      }),
      () => ({ status: 'unavailable' as const }),
    );
    return { status: 'ok', database: 'ok', projections };
  }
}
