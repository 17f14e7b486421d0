import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { IssueCredential, IssuedCredentialView } from '../application/commands/issue-credential.command.js';
import { RevokeCredential } from '../application/commands/revoke-credential.command.js';
import { CredentialView, ListCredentials } from '../application/queries/list-credentials.query.js';
import { IssueCredentialRequest } from './credentials.requests.js';

/** The admin's screen of activity providers' credentials for the LRS (docs/xapi.md). */
@ApiTags('xAPI')
@Controller('xapi-credentials')
export class CredentialsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les accès HTTP Basic des fournisseurs de contenu xAPI (sans leur secret)' })
  @ApiOkResponse({ type: [CredentialView] })
  list(@CurrentActor() actor: Actor): Promise<CredentialView[]> {
    return this.queries.execute(new ListCredentials(actor));
  }

  @Post()
  @HttpCode(201)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Crée un accès : identifiant et secret (affiché cette seule fois ; seul son sha256 est conservé)' })
  @ApiCreatedResponse({ type: IssuedCredentialView })
  issue(@CurrentActor() actor: Actor, @Body() body: IssueCredentialRequest): Promise<IssuedCredentialView> {
    return this.commands.execute(new IssueCredential(actor, body.name, body.scopes));
  }

  @Delete(':id')
  @HttpCode(204)
  @Authenticated('admin')
  @ApiOperation({ summary: 'Révoque un accès : refusé dès la requête suivante' })
  @ApiNoContentResponse()
  async revoke(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<void> {
    await this.commands.execute(new RevokeCredential(actor, id));
  }
}
