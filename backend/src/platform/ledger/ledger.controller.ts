import { Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Authenticated } from '../auth/auth.decorators.js';
import { IdPipe } from '../http/id.pipe.js';
import { paged, pageRequest, type Paged } from '../http/paging.js';
import { LedgerService } from './ledger.service.js';
import { CheckpointPage, checkpointView, CheckpointView, CheckpointWriteView, SigningKeysView } from './ledger.views.js';

/** The published checkpoints and keys (docs/adr/0038): public, without login, never a stream id or head. */
@ApiTags('Registre des preuves')
@Controller('ledger')
export class LedgerPublicController {
  constructor(private readonly ledger: LedgerService) {}

  @Get('checkpoints')
  @ApiOperation({ summary: 'Points de contrôle signés du journal, du plus récent au plus ancien (public)' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'page_size', required: false, type: Number })
  @ApiOkResponse({ type: CheckpointPage })
  async list(@Query() query: { page?: string; page_size?: string }, @Req() request: FastifyRequest): Promise<Paged<CheckpointView>> {
    const page = pageRequest(query, 20);
    const { count, results } = await this.ledger.list(page.page, page.pageSize);
    return paged(results.map(checkpointView), count, page, request.url);
  }

  @Get('checkpoints/:seq')
  @ApiOperation({ summary: 'Un point de contrôle signé (public)' })
  @ApiParam({ name: 'seq', type: Number, description: 'Numéro du point de contrôle' })
  @ApiOkResponse({ type: CheckpointView })
  async get(@Param('seq', IdPipe) seq: number): Promise<CheckpointView> {
    return checkpointView(await this.ledger.get(seq));
  }

  @Get('keys')
  @ApiOperation({ summary: 'Clés publiques Ed25519 du centre, anciennes comprises (public)' })
  @ApiOkResponse({ type: SigningKeysView })
  async keys(): Promise<SigningKeysView> {
    return { keys: await this.ledger.keys() };
  }
}

@ApiTags('Registre des preuves')
@Controller('admin/ledger')
@Authenticated('admin')
export class LedgerAdminController {
  constructor(private readonly ledger: LedgerService) {}

  @Post('checkpoints')
  @HttpCode(200)
  @ApiOperation({ summary: 'Écrit un point de contrôle maintenant ; rien de nouveau depuis le dernier : rend le dernier' })
  @ApiOkResponse({ type: CheckpointWriteView })
  async write(): Promise<CheckpointWriteView> {
    const { checkpoint, created } = await this.ledger.checkpoint();
    return { ...checkpointView(checkpoint), created };
  }
}
