import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';

/**
 * The centre's identity (ADR 0032): name, SIRET, NDA, address, signatory, « Fait à » place, logo and
 * signature images, set by an admin and read by every document and e-mail through `GetCentreIdentity`.
 */
@Module({
  imports: [CqrsModule],
  controllers: [],
  providers: [],
})
export class CentreModule {}
