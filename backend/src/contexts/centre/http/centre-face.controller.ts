import { Body, Controller, Get, Headers, Put, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { NotFoundError, type Actor } from '../../../shared-kernel/index.js';
import { UpdateAccessibilityStatement } from '../application/commands/accessibility-statement.commands.js';
import {
  GetAccessibilityStatement, GetCentreFace, GetCentreImage, type AccessibilityStatementView, type CentreFaceView,
} from '../contracts/centre.queries.js';
import type { StatementChanges } from '../domain/accessibility-statement.aggregate.js';
import { AccessibilityStatementRequest } from './accessibility.requests.js';
import { AccessibilityStatementResponse, CentreFaceResponse } from './accessibility.responses.js';

const STATEMENT_FIELDS = [
  'rgaa_version', 'audit_date', 'criteres_applicables', 'criteres_conformes', 'auditeur', 'non_conformites', 'derogations', 'hors_champ',
  'technologies', 'environnement_test', 'outils_evaluation', 'pages_verifiees', 'contact_email', 'contact_formulaire', 'schema_pluriannuel_url',
  'plan_action_url',
] as const satisfies readonly (keyof StatementChanges)[];

/** The centre's public face (docs/adr/0049): its name, logo and accessibility statement, read by anyone. */
@ApiTags('Centre — public')
@Controller()
export class CentreFaceController {
  constructor(private readonly queries: QueryBus) {}

  @Get('centre/face')
  @ApiOperation({ summary: 'Nom du centre, logo et statut d’accessibilité (en-tête, titres et pied de chaque page)' })
  @ApiOkResponse({ type: CentreFaceResponse })
  face(): Promise<CentreFaceView> {
    return this.queries.execute(new GetCentreFace());
  }

  @Get('centre/accessibility')
  @ApiOperation({ summary: 'La déclaration d’accessibilité du centre (modèle RGAA), publique' })
  @ApiOkResponse({ type: AccessibilityStatementResponse })
  statement(): Promise<AccessibilityStatementView> {
    return this.queries.execute(new GetAccessibilityStatement());
  }

  @Get('centre/logo')
  @ApiOperation({ summary: 'Le logo du centre (public : il est dans l’en-tête de chaque page)' })
  @ApiProduces('image/png', 'image/jpeg')
  @ApiResponse({ status: 200, description: 'Le logo (PNG ou JPEG)', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } })
  async logo(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const face = await this.queries.execute(new GetCentreFace());
    const image = face.logo ? await this.queries.execute(new GetCentreImage('logo')) : null;
    if (!face.logo || !image) throw new NotFoundError('Le centre n’a pas de logo.');
    const etag = `"${face.logo}"`;
    // Revalidated on each use (its ETag is its hash): a new logo shows at once, an unchanged one costs a 304.
    void reply.header('etag', etag).header('cache-control', 'public, no-cache').header('x-content-type-options', 'nosniff');
    if (ifNoneMatch === etag) return void (await reply.status(304).send());
    await reply.header('content-type', image.content_type).send(image.bytes);
  }
}

/** The accessibility statement, edited by an admin (« Déclaration d’accessibilité »). */
@ApiTags('Administration — centre')
@Controller()
@Authenticated('admin')
export class AccessibilityAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('admin/centre/accessibility')
  @ApiOperation({ summary: 'La déclaration d’accessibilité, à modifier' })
  @ApiOkResponse({ type: AccessibilityStatementResponse })
  get(): Promise<AccessibilityStatementView> {
    return this.queries.execute(new GetAccessibilityStatement());
  }

  @Put('admin/centre/accessibility')
  @ApiConsumes('application/json')
  @ApiOperation({ summary: 'Change des champs de la déclaration (absents : inchangés ; null ou vide : effacés) ; le statut est calculé' })
  @ApiOkResponse({ type: AccessibilityStatementResponse })
  async update(@CurrentActor() actor: Actor, @Body() body: AccessibilityStatementRequest): Promise<AccessibilityStatementView> {
    const changes: StatementChanges = {};
    for (const field of STATEMENT_FIELDS) if (body[field] !== undefined) changes[field] = body[field];
    await this.commands.execute(new UpdateAccessibilityStatement(actor, changes));
    return this.queries.execute(new GetAccessibilityStatement());
  }
}
