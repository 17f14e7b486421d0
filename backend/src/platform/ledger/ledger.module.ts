import { Module } from '@nestjs/common';
import { LedgerAdminController, LedgerPublicController } from './ledger.controller.js';
import { LedgerService } from './ledger.service.js';

/** The anchored ledger (docs/adr/0038): platform, because it is about the log itself, not a context's rules. */
@Module({
  controllers: [LedgerPublicController, LedgerAdminController],
  providers: [LedgerService],
  exports: [LedgerService],
})
export class LedgerModule {}
