import { Body, Controller, Delete, Get, Param, Put, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { InvalidInputError, NotFoundError, type Actor } from '../../../shared-kernel/index.js';
import { RemoveCentreImage, SetCentreImage, UpdateCentreIdentity } from '../application/commands/centre-identity.commands.js';
import { GetCentreIdentity, GetCentreImage, type CentreIdentityView, type CentreImageKind } from '../contracts/centre.queries.js';
import type { CentreChanges } from '../domain/centre-identity.aggregate.js';
import { CENTRE_TEXT_FIELDS } from '../domain/centre-identity.aggregate.js';
import { CentreIdentityRequest, CentreImageRequest } from './centre.requests.js';
import { CentreIdentityResponse } from './centre.responses.js';

function kindOf(value: string): CentreImageKind {
  if (value === 'logo' || value === 'signature') return value;
  throw new NotFoundError('Image inconnue : « logo » ou « signature ».');
}

/** The centre's identity, set by an admin (docs/adr/0032): « Paramètres du centre ». */
@ApiTags('Administration — centre')
@Controller()
@Authenticated('admin')
export class CentreController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('admin/centre')
  @ApiOperation({ summary: 'L’identité du centre et ce qui manque encore sur les documents' })
  @ApiOkResponse({ type: CentreIdentityResponse })
  get(): Promise<CentreIdentityView> {
    return this.queries.execute(new GetCentreIdentity());
  }

  @Put('admin/centre')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Change des champs de l’identité du centre (absents : inchangés ; null ou vide : effacés)' })
  @ApiOkResponse({ type: CentreIdentityResponse })
  async update(@CurrentActor() actor: Actor, @Body() body: CentreIdentityRequest): Promise<CentreIdentityView> {
    const changes: CentreChanges = {};
    for (const field of CENTRE_TEXT_FIELDS) if (body[field] !== undefined) changes[field] = body[field];
    if (body.base_heures !== undefined) changes.base_heures = body.base_heures;
    await this.commands.execute(new UpdateCentreIdentity(actor, changes));
    return this.queries.execute(new GetCentreIdentity());
  }

  @Put('admin/centre/images/:kind')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Dépose le logo ou l’image de la signature/cachet (PNG ou JPEG, 2 Mo)' })
  @ApiOkResponse({ type: CentreIdentityResponse })
  async setImage(@CurrentActor() actor: Actor, @Param('kind') kind: string, @Body() body: CentreImageRequest): Promise<CentreIdentityView> {
    const which = kindOf(kind);
    if (!Buffer.isBuffer(body.image)) throw new InvalidInputError('L’image doit être envoyée comme fichier (champ « image »).', 'image');
    await this.commands.execute(new SetCentreImage(actor, which, body.image));
    return this.queries.execute(new GetCentreIdentity());
  }

  @Delete('admin/centre/images/:kind')
  @ApiOperation({ summary: 'Retire le logo ou l’image de la signature/cachet' })
  @ApiOkResponse({ type: CentreIdentityResponse })
  async removeImage(@CurrentActor() actor: Actor, @Param('kind') kind: string): Promise<CentreIdentityView> {
    await this.commands.execute(new RemoveCentreImage(actor, kindOf(kind)));
    return this.queries.execute(new GetCentreIdentity());
  }

  @Get('admin/centre/images/:kind')
  @ApiOperation({ summary: 'Le logo ou l’image de la signature/cachet (aperçu)' })
  @ApiProduces('image/png', 'image/jpeg')
  @ApiResponse({
    status: 200,
    description: 'L’image telle que déposée (PNG ou JPEG)',
    content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
  })
  async image(@Param('kind') kind: string, @Res() reply: FastifyReply): Promise<void> {
    const image = await this.queries.execute(new GetCentreImage(kindOf(kind)));
    if (!image) throw new NotFoundError('Aucune image de ce type n’est déposée.');
    await reply.header('content-type', image.content_type).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(image.bytes);
  }
}
