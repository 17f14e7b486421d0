import { Body, Controller, Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  clearRefreshCookie,
  isSameOriginSessionCall,
  readRefreshCookie,
  setRefreshCookie,
} from '../../../platform/auth/refresh-cookie.js';
import { RequestValidationError } from '../../../platform/http/request-validation.error.js';
import { UnauthenticatedError } from '../../../shared-kernel/index.js';
import { InvalidSessionError } from '../domain/identity.errors.js';
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
  async studentLogin(
    @Body() body: LoginRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StudentLoginResponse> {
    const outcome = await loginOutcome(this.commands.execute(new SignIn('student', body.email, body.password, request.ip)));
    if ('error' in outcome) return { bool: false, student_id: null, access: null, refresh: null, username: null, error: outcome.error };
    const { subject, access, refresh } = outcome.ok;
    setRefreshCookie(request, reply, refresh, this.tokens.refreshTtlSeconds);
    return { bool: true, student_id: subject.profileId, access, refresh, username: subject.username, error: null };
  }

  @Post('formateur/token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Connexion formateur' })
  @ApiOkResponse({ type: TeacherLoginResponse })
  async teacherLogin(
    @Body() body: LoginRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TeacherLoginResponse> {
    const outcome = await loginOutcome(this.commands.execute(new SignIn('teacher', body.email, body.password, request.ip)));
    if ('error' in outcome) return { bool: false, formateur_id: null, access: null, refresh: null, username: null, error: outcome.error };
    const { subject, access, refresh } = outcome.ok;
    setRefreshCookie(request, reply, refresh, this.tokens.refreshTtlSeconds);
    return { bool: true, formateur_id: subject.profileId, access, refresh, username: subject.username, error: null };
  }

  @Post('admin/token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Connexion administrateur (401 si les identifiants sont incorrects)' })
  @ApiOkResponse({ type: AdminLoginResponse })
  async adminLogin(
    @Body() body: LoginRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminLoginResponse> {
    const { subject, access, refresh } = await this.commands.execute(new SignIn('admin', body.email, body.password, request.ip));
    setRefreshCookie(request, reply, refresh, this.tokens.refreshTtlSeconds);
    return { access, refresh, admin_id: subject.profileId, username: subject.username };
  }

  @Post('token/refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Renouvelle la session : le jeton de rafraîchissement change à chaque usage' })
  @ApiOkResponse({ type: TokenPairResponse })
  async refresh(
    @Body() body: RefreshRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TokenPairResponse> {
    const presented = body.refresh ?? this.cookieToken(request);
    try {
      const { access, refresh } = await this.tokens.rotate(presented);
      setRefreshCookie(request, reply, refresh, this.tokens.refreshTtlSeconds);
      return { access, refresh };
    } catch (error) {
      // A dead cookie is dropped so the browser stops presenting it.
      if (error instanceof InvalidSessionError && body.refresh === undefined) clearRefreshCookie(request, reply);
      throw error;
    }
  }

  /** The refresh cookie, only for a call of a page of this host carrying the session header (docs/adr/0029). */
  private cookieToken(request: FastifyRequest): string {
    const cookie = readRefreshCookie(request);
    if (!cookie) throw new RequestValidationError({ refresh: ['Le jeton de rafraîchissement est obligatoire.'] });
    if (!isSameOriginSessionCall(request)) throw new UnauthenticatedError('Requête refusée : elle ne vient pas d’une page de l’application.');
    return cookie;
  }

  @Post('logout')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Déconnexion : ferme la famille du jeton de rafraîchissement et, s’il est encore valide, le jeton d’accès',
  })
  @ApiNoContentResponse()
  async logout(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: LogoutRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    // Public on purpose: a logout with an expired access token must still close the session.
    await this.tokens.logout(authorization?.replace(/^Bearer\s+/i, ''), body.refresh);
    clearRefreshCookie(request, reply);
  }

  @Post('token/logout')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Déconnexion du navigateur : ferme la famille du cookie de rafraîchissement (même origine, en-tête X-LMS-Session) et l’efface',
  })
  @ApiNoContentResponse()
  async cookieLogout(
    @Headers('authorization') authorization: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    // Only a page of this host may end the session its cookie holds (no cross-site logout).
    const cookie = isSameOriginSessionCall(request) ? readRefreshCookie(request) : null;
    await this.tokens.logout(authorization?.replace(/^Bearer\s+/i, ''), cookie ?? undefined);
    if (cookie) clearRefreshCookie(request, reply);
  }
}
