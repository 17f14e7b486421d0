import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { ProjectionRegistry } from '../../platform/event-log/index.js';
import { PlayerStatementsPolicy } from './application/policies/player-statements.policy.js';
import { DeleteDocumentsHandler } from './application/commands/delete-documents.command.js';
import { IssueCredentialHandler } from './application/commands/issue-credential.command.js';
import { RevokeCredentialHandler } from './application/commands/revoke-credential.command.js';
import { RemapScormStatementsHandler } from './application/commands/remap-scorm-statements.command.js';
import { StoreStatementsHandler } from './application/commands/store-statements.command.js';
import { WriteDocumentHandler } from './application/commands/write-document.command.js';
import { GetActivityHandler } from './application/queries/get-activity.query.js';
import { GetAttachmentsHandler } from './application/queries/get-attachments.query.js';
import { GetDocumentsHandler } from './application/queries/get-documents.query.js';
import { GetPersonHandler } from './application/queries/get-person.query.js';
import { GetStatementsHandler } from './application/queries/get-statements.query.js';
import { ListCredentialsHandler } from './application/queries/list-credentials.query.js';
import { StatementConsistency } from './application/consistency.js';
import { XapiAuthentication } from './application/xapi-authentication.js';
import { XapiCredential } from './domain/credential.aggregate.js';
import { XapiHome } from './domain/principal.js';
import { CredentialsController } from './http/credentials.controller.js';
import { XapiRoutes } from './http/xapi.routes.js';

/** The learning record store (issue 12): xAPI 1.0.3 under /api/xapi. docs/adr/0014-xapi-learning-record-store.md, docs/xapi.md. */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([XapiCredential])],
  controllers: [CredentialsController],
  providers: [
    { provide: XapiHome, useFactory: (config: AppConfig) => new XapiHome(config.xapiHomePage), inject: [APP_CONFIG] },
    XapiAuthentication,
    StatementConsistency,
    XapiRoutes,
    StoreStatementsHandler,
    RemapScormStatementsHandler,
    WriteDocumentHandler,
    DeleteDocumentsHandler,
    IssueCredentialHandler,
    RevokeCredentialHandler,
    GetStatementsHandler,
    GetDocumentsHandler,
    GetActivityHandler,
    GetAttachmentsHandler,
    GetPersonHandler,
    ListCredentialsHandler,
    PlayerStatementsPolicy,
  ],
})
export class XapiModule {
  constructor(projections: ProjectionRegistry, playerStatements: PlayerStatementsPolicy) {
    projections.registerPolicy(playerStatements);
  }
}
