import { Controller, Delete, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated } from '../../../platform/auth/auth.decorators.js';
import { MEDIA_COOKIE, MEDIA_SESSION_SECONDS } from '../../../platform/auth/media-session.js';
import { TokenService } from '../application/token.service.js';

function cookie(request: FastifyRequest, value: string, maxAge: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${MEDIA_COOKIE}=${value}; Path=/media/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** The media session: a cookie the browser sends with the course content it fetches itself. */
@ApiTags('Authentification')
@Controller()
export class MediaSessionController {
  constructor(private readonly tokens: TokenService) {}

  @Post('media-session')
  @HttpCode(204)
  @Authenticated()
  @ApiOperation({ summary: 'Ouvre (ou prolonge) l’accès aux contenus de cours pour 30 minutes : cookie HttpOnly limité à /media/' })
  @ApiNoContentResponse({ description: 'Cookie posé' })
  open(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): void {
    const access = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    reply.header('set-cookie', cookie(request, this.tokens.mediaToken(access), MEDIA_SESSION_SECONDS));
  }

  @Delete('media-session')
  @HttpCode(204)
  @ApiOperation({ summary: 'Ferme l’accès aux contenus (à la déconnexion)' })
  @ApiNoContentResponse({ description: 'Cookie effacé' })
  close(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): void {
    reply.header('set-cookie', cookie(request, '', 0));
  }
}
