import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module, type OnModuleInit } from '@nestjs/common';
import { CqrsModule, QueryBus } from '@nestjs/cqrs';
import { MailService } from '../../platform/mail/mail.service.js';
import { RemoveCentreImageHandler, SetCentreImageHandler, UpdateCentreIdentityHandler } from './application/commands/centre-identity.commands.js';
import { GetCentreIdentityHandler, GetCentreImageHandler } from './application/queries/centre-identity.queries.js';
import { UpdateAccessibilityStatementHandler } from './application/commands/accessibility-statement.commands.js';
import { GetAccessibilityStatementHandler, GetCentreFaceHandler } from './application/queries/accessibility-statement.queries.js';
import { AccessibilityStatement } from './domain/accessibility-statement.aggregate.js';
import { AccessibilityAdminController, CentreFaceController } from './http/centre-face.controller.js';
import { GetCentreIdentity } from './contracts/centre.queries.js';
import { CentreIdentity } from './domain/centre-identity.aggregate.js';
import { CentreController } from './http/centre.controller.js';

/**
 * The centre's identity (ADR 0032): name, SIRET, NDA, address, signatory, « Fait à » place, logo and
 * signature images, set by an admin and read by every document and e-mail through `GetCentreIdentity`;
 * and its public face (ADR 0049): name and logo on every page, the accessibility statement.
 */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([CentreIdentity, AccessibilityStatement])],
  controllers: [CentreController, CentreFaceController, AccessibilityAdminController],
  providers: [
    UpdateCentreIdentityHandler, SetCentreImageHandler, RemoveCentreImageHandler, GetCentreIdentityHandler, GetCentreImageHandler,
    UpdateAccessibilityStatementHandler, GetAccessibilityStatementHandler, GetCentreFaceHandler,
  ],
})
export class CentreModule implements OnModuleInit {
  constructor(
    private readonly mail: MailService,
    private readonly queries: QueryBus,
  ) {}

  /** Every e-mail the platform sends is signed with the centre's name once it is set (« utilisée sur chaque e-mail »). */
  onModuleInit(): void {
    this.mail.signWith(async () => (await this.queries.execute(new GetCentreIdentity())).nom);
  }
}
