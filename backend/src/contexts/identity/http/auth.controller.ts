import { Body, Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { UnauthenticatedError } from '../../../shared-kernel/index.js';
import { SignIn, SignInResult } from '../application/commands/sign-in.command.js';
import { TokenService } from '../application/token.service.js';
import { LoginRequest, LogoutRequest, RefreshRequest } from './identity.requests.js';
import { AdminLoginResponse, StudentLoginResponse, TeacherLoginResponse, TokenPairResponse } from './identity.responses.js';

/** Student and trainer logins answer 200 with `bool: false` and the reason, as the spec's screens expect. */
async function loginOutcome(attempt: Promise<SignInResult>): Promise<{ ok: SignInResult } | { error: string }> {
  try {
    return { ok: await attempt };
  } catch (error) {
    if (error instanceof UnauthenticatedError) return { error: error.message };
    throw error;
  }
}

@ApiTags('Identité')
@Controller()
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tokens: TokenService,
  ) {}

  @Post('student-login-jwt')
  @HttpCode(200)
  @ApiOperation({ summary: 'Connexion étudiant' })
  @ApiOkResponse({ type: StudentLoginResponse })
  async studentLogin(@Body() body: LoginRequest, @Req() request: FastifyRequest): Promise<StudentLoginResponse> {
    const outcome = await loginOutcome(this.commands.execute(new SignIn('student', body.email, body.password, request.ip)));
    if ('error' in outcome) return { bool: false, student_id: null, access: null, refresh: null, username: null, error: outcome.error };
    const { subject, access, refresh } = outcome.ok;
    return { bool: true, student_id: subject.profileId, access, refresh, username: subject.username, error: null };
  }

  @Post('formateur/token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Connexion formateur' })
  @ApiOkResponse({ type: TeacherLoginResponse })
  async teacherLogin(@Body() body: LoginRequest, @Req() request: FastifyRequest): Promise<TeacherLoginResponse> {
    const outcome = await loginOutcome(this.commands.execute(new SignIn('teacher', body.email, body.password, request.ip)));
    if ('error' in outcome) return { bool: false, formateur_id: null, access: null, refresh: null, username: null, error: outcome.error };
    const { subject, access, refresh } = outcome.ok;
    return { bool: true, formateur_id: subject.profileId, access, refresh, username: subject.username, error: null };
  }

  @Post('admin/token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Connexion administrateur (401 si les identifiants sont incorrects)' })
  @ApiOkResponse({ type: AdminLoginResponse })
  async adminLogin(@Body() body: LoginRequest, @Req() request: FastifyRequest): Promise<AdminLoginResponse> {
    const { subject, access, refresh } = await this.commands.execute(new SignIn('admin', body.email, body.password, request.ip));
    return { access, refresh, admin_id: subject.profileId, username: subject.username };
  }

  @Post('token/refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Renouvelle la session : le jeton de rafraîchissement change à chaque usage' })
  @ApiOkResponse({ type: TokenPairResponse })
  async refresh(@Body() body: RefreshRequest): Promise<TokenPairResponse> {
    const { access, refresh } = await this.tokens.rotate(body.refresh);
    return { access, refresh };
  }

  @Post('logout')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Déconnexion : ferme la famille du jeton de rafraîchissement et, s’il est encore valide, le jeton d’accès',
  })
  @ApiNoContentResponse()
  async logout(@Headers('authorization') authorization: string | undefined, @Body() body: LogoutRequest): Promise<void> {
    // Public on purpose: a logout with an expired access token must still close the session.
    await this.tokens.logout(authorization?.replace(/^Bearer\s+/i, ''), body.refresh);
  }
}
