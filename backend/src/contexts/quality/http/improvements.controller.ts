import { Body, Controller, Get, HttpCode, Logger, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { sendWorkbook, XLSX_FILE_RESPONSE, XLSX_TYPE } from '../../../platform/http/xlsx.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { ImprovementActionView } from '../application/complaints/complaint.views.js';
import { OpenImprovementAction, UpdateImprovementAction } from '../application/improvements/improvement.commands.js';
import { GetImprovementAction, ListImprovementActions } from '../application/improvements/improvement.queries.js';
import { ExportImprovementActions } from '../application/quality-exports.js';
import { ImprovementActionForm, ImprovementListQuery, ImprovementUpdateForm } from './quality.requests.js';

/** The improvement log (indicator 32, docs/adr/0048): admins only. */
@ApiTags('Amélioration continue')
@Controller('admin/improvement-actions')
export class ImprovementsController {
  private readonly logger = new Logger('Amélioration continue');

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Authenticated('admin')
  @ApiOperation({ summary: 'Le journal des actions d’amélioration, les plus récentes d’abord, filtré par statut et origine' })
  @ApiOkResponse({ type: [ImprovementActionView] })
  list(@Query() query: ImprovementListQuery): Promise<ImprovementActionView[]> {
    return this.queries.execute(new ListImprovementActions({ status: query.status, source: query.source }));
  }

  @Get('export')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Le journal des actions d’amélioration en classeur .xlsx (mêmes filtres)' })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse(XLSX_FILE_RESPONSE)
  async export(@Query() query: ImprovementListQuery, @Res() reply: FastifyReply): Promise<void> {
    await sendWorkbook(reply, await this.queries.execute(new ExportImprovementActions({ status: query.status, source: query.source })), this.logger);
  }

  @Post()
  @HttpCode(201)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Ouvre une action d’amélioration (origine : reclamation, enquete, audit, autre)' })
  @ApiCreatedResponse({ type: ImprovementActionView })
  async open(@CurrentActor() actor: Actor, @Body() body: ImprovementActionForm): Promise<ImprovementActionView> {
    const id = await this.commands.execute(new OpenImprovementAction(actor, { source: body.source, description: body.description, owner: body.owner, dueOn: body.due_on }, null, body.request_key ?? null));
    return this.queries.execute(new GetImprovementAction(id));
  }

  @Get(':id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Une action d’amélioration' })
  @ApiOkResponse({ type: ImprovementActionView })
  one(@Param('id', IdPipe) id: number): Promise<ImprovementActionView> {
    return this.queries.execute(new GetImprovementAction(id));
  }

  @Put(':id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Modifie une action : description, responsable, échéance, statut, résultat (ce qui est envoyé change, le reste demeure)' })
  @ApiOkResponse({ type: ImprovementActionView })
  async update(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: ImprovementUpdateForm): Promise<ImprovementActionView> {
    await this.commands.execute(new UpdateImprovementAction(actor, id, { description: body.description, owner: body.owner, dueOn: body.due_on, status: body.status, result: body.result }));
    return this.queries.execute(new GetImprovementAction(id));
  }
}
