import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { AnswerSupportRequest, OpenSupportRequest, ResolveSupportRequest } from '../application/support/support.commands.js';
import { GetSupportRequest, ListMySupportRequests, ListSupportRequests } from '../application/support/support.queries.js';
import { SupportRequestView } from '../application/support/support.views.js';
import { AnswerSupportRequestForm, OpenSupportRequestForm, SupportListQuery } from './support.requests.js';

/** Technical-support requests (issue 26 item 5, docs/adr/0037): opened by learners, handled by admins and the course's trainer. */
@ApiTags('Assistance technique')
@Controller('support-requests')
export class SupportController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @HttpCode(201)
  @Authenticated('student')
  @ApiOperation({ summary: 'L’apprenant ouvre une demande d’assistance technique (la même request_key renvoyée répond la demande déjà ouverte)' })
  @ApiCreatedResponse({ type: SupportRequestView })
  async open(@CurrentActor() actor: Actor, @Body() body: OpenSupportRequestForm): Promise<SupportRequestView> {
    const id = await this.commands.execute(
      new OpenSupportRequest(actor, {
        category: body.category, courseId: body.course_id ?? null, stepKind: body.step_kind ?? null, stepId: body.step_id ?? null,
        message: body.message, requestKey: body.request_key,
      }),
    );
    return this.queries.execute(new GetSupportRequest(actor, id));
  }

  @Get('mine')
  @Authenticated('student')
  @ApiOperation({ summary: 'Les demandes d’assistance de l’apprenant connecté, avec leurs réponses' })
  @ApiOkResponse({ type: [SupportRequestView] })
  mine(@CurrentActor() actor: Actor): Promise<SupportRequestView[]> {
    return this.queries.execute(new ListMySupportRequests(actor));
  }

  @Get()
  @Authenticated('admin', 'teacher')
  @ApiOperation({ summary: 'Les demandes à traiter : toutes pour un administrateur, celles de ses cours pour un formateur (ouvertes d’abord)' })
  @ApiOkResponse({ type: [SupportRequestView] })
  list(@CurrentActor() actor: Actor, @Query() query: SupportListQuery): Promise<SupportRequestView[]> {
    return this.queries.execute(new ListSupportRequests(actor, query.status, query.course));
  }

  @Get(':id')
  @Authenticated('student', 'admin', 'teacher')
  @ApiOperation({ summary: 'Une demande : son apprenant, un administrateur, le formateur de son cours' })
  @ApiOkResponse({ type: SupportRequestView })
  one(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<SupportRequestView> {
    return this.queries.execute(new GetSupportRequest(actor, id));
  }

  @Post(':id/answers')
  @HttpCode(201)
  @Authenticated('admin', 'teacher')
  @ApiOperation({ summary: 'Répond à une demande (administrateur, formateur du cours) ; l’apprenant est prévenu par e-mail' })
  @ApiCreatedResponse({ type: SupportRequestView })
  async answer(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: AnswerSupportRequestForm): Promise<SupportRequestView> {
    await this.commands.execute(new AnswerSupportRequest(actor, id, body.message, body.answer_key));
    return this.queries.execute(new GetSupportRequest(actor, id));
  }

  @Post(':id/resolve')
  @HttpCode(200)
  @Authenticated('admin', 'teacher')
  @ApiOperation({ summary: 'Marque la demande résolue (une seconde fois : rien ne change)' })
  @ApiOkResponse({ type: SupportRequestView })
  async resolve(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<SupportRequestView> {
    await this.commands.execute(new ResolveSupportRequest(actor, id));
    return this.queries.execute(new GetSupportRequest(actor, id));
  }
}
