import { Body, Controller, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { setRefreshCookie } from '../../../platform/auth/refresh-cookie.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { GetAuditorScope, type AuditorScopeView } from '../contracts/identity.auditors.js';
import { ActivateAuditor, ChangeAuditorScope, EndAuditorAccess, InviteAuditor } from '../application/auditors/auditor-commands.js';
import { AuditorAccessView, AuditorView, GetAuditor, GetAuditorAccesses, ListAuditors } from '../application/auditors/auditor-queries.js';
import { SignIn } from '../application/commands/sign-in.command.js';
import { TokenService } from '../application/token.service.js';
import { LoginRequest } from './identity.requests.js';
import { ActivateAuditorRequest, AuditorScopeRequest, InviteAuditorRequest } from './auditors.requests.js';

class AuditorInvitedResponse {
  @ApiProperty() auditor!: AuditorView;
  @ApiProperty({ description: "Le lien d'invitation (à usage unique), montré une fois à l'administrateur qui invite, à transmettre si l'e-mail n'arrive pas" })
  invitation_url!: string;
  @ApiProperty() email_sent!: boolean;
  @ApiProperty({ type: String, nullable: true }) email_error!: string | null;
}

class AuditorLoginResponse {
  @ApiProperty() access!: string;
  @ApiProperty() refresh!: string;
  @ApiProperty() auditor_id!: number;
  @ApiProperty() username!: string;
}

class AuditorMeResponse {
  @ApiProperty() auditor_id!: number;
  @ApiProperty() full_name!: string;
  @ApiProperty() organisation!: string;
  @ApiProperty() ends_on!: string;
  @ApiProperty() all_courses!: boolean;
  @ApiProperty({ type: [Number] }) course_ids!: number[];
}

/** Auditors (issue 27 item 4, docs/adr/0039): the admins manage them; the auditor activates their access and signs in. */
@ApiTags('Auditeurs')
@Controller()
export class AuditorsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly tokens: TokenService,
  ) {}

  @Get('admin/auditors')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les auditeurs (administrateurs)' })
  @ApiOkResponse({ type: [AuditorView] })
  list(@CurrentActor() actor: Actor): Promise<AuditorView[]> {
    return this.queries.execute(new ListAuditors(actor));
  }

  @Post('admin/auditors')
  @HttpCode(201)
  @Authenticated('admin')
  @ApiOperation({ summary: "Invite un auditeur : nom, e-mail, organisme, date de fin, périmètre ; l'e-mail d'invitation part aussitôt" })
  @ApiCreatedResponse({ type: AuditorInvitedResponse })
  async invite(@CurrentActor() actor: Actor, @Body() body: InviteAuditorRequest): Promise<AuditorInvitedResponse> {
    const sent = await this.commands.execute(
      new InviteAuditor(actor, { fullName: body.full_name, email: body.email, organisation: body.organisation, endsOn: body.ends_on, scope: { allCourses: body.all_courses, courseIds: body.course_ids } }),
    );
    return { auditor: await this.queries.execute(new GetAuditor(actor, sent.auditorId)), invitation_url: sent.link, email_sent: sent.emailSent, email_error: sent.emailError };
  }

  @Get('admin/auditors/:id')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Un auditeur (administrateurs)' })
  @ApiOkResponse({ type: AuditorView })
  get(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<AuditorView> {
    return this.queries.execute(new GetAuditor(actor, id));
  }

  @Put('admin/auditors/:id')
  @Authenticated('admin')
  @ApiOperation({ summary: "Change la date de fin (prolonger, raccourcir) et/ou le périmètre d'un auditeur" })
  @ApiOkResponse({ type: AuditorView })
  async change(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() body: AuditorScopeRequest): Promise<AuditorView> {
    await this.commands.execute(new ChangeAuditorScope(actor, id, body.ends_on, { allCourses: body.all_courses, courseIds: body.course_ids }));
    return this.queries.execute(new GetAuditor(actor, id));
  }

  @Post('admin/auditors/:id/end')
  @HttpCode(200)
  @Authenticated('admin')
  @ApiOperation({ summary: "Révoque l'accès d'un auditeur avant sa date de fin : ses sessions sont fermées" })
  @ApiOkResponse({ type: AuditorView })
  async end(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<AuditorView> {
    await this.commands.execute(new EndAuditorAccess(actor, id));
    return this.queries.execute(new GetAuditor(actor, id));
  }

  @Get('admin/auditors/:id/accesses')
  @Authenticated('admin')
  @ApiOperation({ summary: "Le journal des accès d'un auditeur (événements AuditorAccessed), du plus récent au plus ancien" })
  @ApiOkResponse({ type: [AuditorAccessView] })
  accesses(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<AuditorAccessView[]> {
    return this.queries.execute(new GetAuditorAccesses(actor, id));
  }

  @Post('auditeurs/activation')
  @HttpCode(204)
  @ApiOperation({ summary: "L'auditeur invité choisit son mot de passe avec le jeton du lien d'invitation (sans connexion)" })
  @ApiNoContentResponse()
  async activate(@Body() body: ActivateAuditorRequest): Promise<void> {
    await this.commands.execute(new ActivateAuditor(body.token, body.password));
  }

  @Post('auditeurs/token')
  @HttpCode(200)
  @ApiOperation({ summary: "Connexion auditeur (401 identifiants incorrects ; 403 accès expiré, révoqué ou pas encore activé)" })
  @ApiOkResponse({ type: AuditorLoginResponse })
  async login(@Body() body: LoginRequest, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuditorLoginResponse> {
    const { subject, access, refresh } = await this.commands.execute(new SignIn('auditor', body.email, body.password, request.ip));
    setRefreshCookie(request, reply, refresh, this.tokens.refreshTtlSeconds);
    return { access, refresh, auditor_id: subject.profileId, username: subject.username };
  }

  @Get('audit/me')
  @Authenticated('auditor')
  @ApiOperation({ summary: "L'auditeur connecté : organisme, date de fin, périmètre (403 une fois l'accès expiré ou révoqué)" })
  @ApiOkResponse({ type: AuditorMeResponse })
  async me(@CurrentActor() actor: Actor): Promise<AuditorMeResponse> {
    const scope: AuditorScopeView = await this.queries.execute(new GetAuditorScope(actor));
    return { auditor_id: scope.auditorId, full_name: scope.fullName, organisation: scope.organisation, ends_on: scope.endsOn, all_courses: scope.allCourses, course_ids: scope.courseIds };
  }
}
