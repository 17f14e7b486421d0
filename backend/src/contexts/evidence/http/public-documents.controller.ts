import { Controller, Get, Param, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { GetPublicDocumentStatus, PublicDocumentStatus, TOO_MANY_LOOKUPS } from '../application/public/public-document.query.js';
import { GetPublicDossierStatus, PublicDossierStatus } from '../application/public/public-dossier.query.js';

/** The public verification page's calls (docs/adr/0040): no login, throttled per address. */
@ApiTags('Vérification publique')
@Controller()
export class PublicDocumentsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('public/documents/:code')
  @ApiOperation({
    summary: 'Statut public d’un document émis par son code de vérification',
    description: 'Sans connexion. Valide, remplacé (avec la date) ou inconnu ; initiales de l’apprenant, formation, type et dates seulement. Un code inconnu ou mal formé reçoit la même forme de réponse.',
  })
  @ApiOkResponse({ type: PublicDocumentStatus })
  @ApiResponse({ status: 429, description: TOO_MANY_LOOKUPS })
  status(@Param('code') code: string, @Req() request: FastifyRequest): Promise<PublicDocumentStatus> {
    return this.queries.execute(new GetPublicDocumentStatus(code, request.ip));
  }

  @Get('public/dossiers/:manifestSha256')
  @ApiOperation({
    summary: 'Si le centre a généré un dossier de preuves dont le manifest.json a ce SHA-256',
    description: 'Sans connexion. Connu (avec le type et le jour de génération) ou inconnu ; l’empreinte est calculée dans le navigateur, rien du dossier n’est envoyé. Une empreinte inconnue ou mal formée reçoit la même forme de réponse.',
  })
  @ApiOkResponse({ type: PublicDossierStatus })
  @ApiResponse({ status: 429, description: TOO_MANY_LOOKUPS })
  dossier(@Param('manifestSha256') manifestSha256: string, @Req() request: FastifyRequest): Promise<PublicDossierStatus> {
    return this.queries.execute(new GetPublicDossierStatus(manifestSha256, request.ip));
  }
}
