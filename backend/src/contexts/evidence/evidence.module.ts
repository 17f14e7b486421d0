import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { GetTranscriptHandler } from './application/get-transcript.query.js';
import { TranscriptController } from './http/transcript.controller.js';

/**
 * Evidence file (issue 26): the learner's transcript (relevé de formation), the documents the centre
 * issues (certificat de réalisation, attestation de fin de formation) and the dossiers de preuves,
 * composed from the other contexts' contracts and published read models (ADR 0020). It owns its
 * issued documents and generated files, nothing else.
 */
@Module({
  imports: [CqrsModule],
  controllers: [
    // The transcript (ADR 0034).
    TranscriptController,
  ],
  providers: [
    // The transcript (ADR 0034).
    GetTranscriptHandler,
  ],
})
export class EvidenceModule {}
