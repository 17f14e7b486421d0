import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { DeclareOnEdof } from '../application/commands/declare-on-edof.command.js';
import { AddSessionMember, ChangeSession, RemoveSessionMember, ScheduleSession, SetSessionLearnerReason } from '../application/commands/training-session.commands.js';
import { GetSession, ListSessions, type SessionDetailView } from '../application/queries/training-session.queries.js';
import type { EdofDeclaration } from '../domain/edof.js';
import { EdofKindParam, NewSessionRequest, SessionLearnerReasonRequest, SessionLearnerRequest, SessionListQuery, SessionRequest, SessionTrainerRequest } from './sessions.requests.js';
import {
  AddedResponse,
  ChangedResponse,
  EdofDeclarationResponse,
  EdofDeclaredResponse,
  SessionCreatedResponse,
  SessionDetailResponse,
  SessionSummaryResponse,
} from './sessions.responses.js';

const edofResponse = (d: EdofDeclaration): EdofDeclarationResponse => ({
  kind: d.kind,
  date: d.date,
  deadline: d.deadline,
  declared_on: d.declaredOn,
  status: d.status,
  working_days_left: d.workingDaysLeft,
});

function detailResponse(view: SessionDetailView): SessionDetailResponse {
  return {
    ...view,
    learners_list: view.learners_list.map((l) => ({ ...l, edof: l.edof ? { entry: edofResponse(l.edof.entry), exit: edofResponse(l.edof.exit) } : null })),
  };
}

/** Training sessions and EDOF declarations (issue 29 item 2, docs/adr/0050): the admins'. */
@ApiTags('Sessions de formation')
@Controller()
export class SessionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('admin/sessions')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les sessions de formation, d’un cours ou de tous, les plus récentes d’abord' })
  @ApiOkResponse({ type: [SessionSummaryResponse] })
  list(@CurrentActor() actor: Actor, @Query() query: SessionListQuery): Promise<SessionSummaryResponse[]> {
    return this.queries.execute(new ListSessions(actor, query.course ?? null));
  }

  @Post('admin/sessions')
  @HttpCode(201)
  @Authenticated('admin')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Programme une session d’un cours entre deux dates' })
  @ApiCreatedResponse({ type: SessionCreatedResponse })
  async schedule(@CurrentActor() actor: Actor, @Body() body: NewSessionRequest): Promise<SessionCreatedResponse> {
    const { sessionId } = await this.commands.execute(new ScheduleSession(actor, body.course, { name: body.name, startDate: body.start_date, endDate: body.end_date }, body.request_key ?? null),
    );
    return { id: sessionId };
  }

  @Get('admin/sessions/:id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Une session : ses formateurs, ses apprenants (ceux qui l’ont quittée aussi) et, pour le CPF, les échéances EDOF du jour' })
  @ApiOkResponse({ type: SessionDetailResponse })
  async detail(@CurrentActor() actor: Actor, @Param('id', IdPipe) sessionId: number): Promise<SessionDetailResponse> {
    return detailResponse(await this.queries.execute(new GetSession(actor, sessionId)));
  }

  @Put('admin/sessions/:id')
  @Authenticated('admin')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Renomme une session ou change ses dates' })
  @ApiOkResponse({ type: ChangedResponse })
  change(@CurrentActor() actor: Actor, @Param('id', IdPipe) sessionId: number, @Body() body: SessionRequest): Promise<ChangedResponse> {
    return this.commands.execute(new ChangeSession(actor, sessionId, { name: body.name, startDate: body.start_date, endDate: body.end_date }));
  }

  @Post('admin/sessions/:id/learners')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Ajoute à la session un apprenant inscrit au cours (une session par cours et par apprenant)' })
  @ApiOkResponse({ type: AddedResponse })
  addLearner(@CurrentActor() actor: Actor, @Param('id', IdPipe) sessionId: number, @Body() body: SessionLearnerRequest): Promise<AddedResponse> {
    return this.commands.execute(new AddSessionMember(actor, sessionId, 'learner', body.student));
  }

  @Delete('admin/sessions/:id/learners/:student')
  @HttpCode(204)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Retire un apprenant de la session (son passage reste, daté)' })
  @ApiNoContentResponse()
  async removeLearner(@CurrentActor() actor: Actor, @Param('id', IdPipe) sessionId: number, @Param('student', IdPipe) studentId: number): Promise<void> {
    await this.commands.execute(new RemoveSessionMember(actor, sessionId, 'learner', studentId));
  }

  @Post('admin/sessions/:id/trainers')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Ajoute un formateur accepté à la session' })
  @ApiOkResponse({ type: AddedResponse })
  addTrainer(@CurrentActor() actor: Actor, @Param('id', IdPipe) sessionId: number, @Body() body: SessionTrainerRequest): Promise<AddedResponse> {
    return this.commands.execute(new AddSessionMember(actor, sessionId, 'trainer', body.teacher));
  }

  @Delete('admin/sessions/:id/trainers/:teacher')
  @HttpCode(204)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Retire un formateur de la session' })
  @ApiNoContentResponse()
  async removeTrainer(@CurrentActor() actor: Actor, @Param('id', IdPipe) sessionId: number, @Param('teacher', IdPipe) teacherId: number): Promise<void> {
    await this.commands.execute(new RemoveSessionMember(actor, sessionId, 'trainer', teacherId));
  }

  @Put('admin/sessions/:id/learners/:student/reason')
  @Authenticated('admin')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Motif pour lequel un apprenant n’a pas suivi toute la session (service fait EDOF) : abandon, absence, interruption, force majeure ou autre ; null l’efface' })
  @ApiOkResponse({ type: ChangedResponse })
  setReason(
    @CurrentActor() actor: Actor,
    @Param('id', IdPipe) sessionId: number,
    @Param('student', IdPipe) studentId: number,
    @Body() body: SessionLearnerReasonRequest,
  ): Promise<ChangedResponse> {
    return this.commands.execute(new SetSessionLearnerReason(actor, sessionId, studentId, body.reason ?? null));
  }

  @Put('admin/students/:id/courses/:courseId/edof/:kind')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Note que l’entrée (entry) ou la sortie (exit) d’une inscription CPF a été déclarée sur EDOF, au jour du serveur' })
  @ApiOkResponse({ type: EdofDeclaredResponse })
  async declare(
    @CurrentActor() actor: Actor,
    @Param('id', IdPipe) studentId: number,
    @Param('courseId', IdPipe) courseId: number,
    @Param() { kind }: EdofKindParam,
  ): Promise<EdofDeclaredResponse> {
    const { declared, declaredOn } = await this.commands.execute(new DeclareOnEdof(actor, studentId, courseId, kind));
    return { declared, declared_on: declaredOn };
  }
}
