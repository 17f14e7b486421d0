import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { GetTranscriptHandler } from './application/get-transcript.query.js';
import { TranscriptController } from './http/transcript.controller.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { DownloadIssuedDocumentHandler } from './application/documents/download-document.command.js';
import { DOCUMENTS_PUBLIC_URL, IssueDocumentHandler } from './application/documents/issue-document.command.js';
import { ListIssuedDocumentsHandler } from './application/documents/list-documents.query.js';
import { DocumentFactsAssembler } from './application/documents/document-facts.assembler.js';
import { DocumentsController } from './http/documents.controller.js';
import { IssuedDocument } from './domain/issued-document.aggregate.js';
import { GeneratedDossier } from './domain/generated-dossier.aggregate.js';
import { GenerateLearnerDossierHandler } from './application/dossier/generate-dossier.command.js';
import { CheckDossierDownloadHandler, DownloadDossierHandler } from './application/dossier/download-dossier.command.js';
import { DownloadLinks } from '../../platform/storage/download-link.js';
import { DossierController } from './http/dossier.controller.js';
import { AuditController } from './http/audit.controller.js';
import { GetDocumentSubjectHandler, ListAuditCoursesHandler, ListAuditLearnersHandler, ListAuditSessionsHandler } from './application/audit/auditor-reads.js';
import { DossierRetention } from './application/dossier/dossier-retention.js';
import { DossierBatchRunner, GetDossierBatchHandler, RequestDossierBatchHandler } from './application/dossier/dossier-batch.js';

import { GetPublicDocumentStatusHandler, PublicLookupThrottle } from './application/public/public-document.query.js';
import { GetPublicDossierStatusHandler } from './application/public/public-dossier.query.js';
import { PublicDocumentsController } from './http/public-documents.controller.js';
/**
 * Evidence file (issue 26): the learner's transcript (relevé de formation), the documents the centre
 * issues (certificat de réalisation, attestation de fin de formation) and the dossiers de preuves,
 * composed from the other contexts' contracts and published read models (ADR 0020). It owns its
 * issued documents and generated files, nothing else.
 */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([IssuedDocument, GeneratedDossier])],
  controllers: [
    // The transcript (ADR 0034).
    TranscriptController,
    // Issued documents (docs/adr/0035).
    DocumentsController,
    // The dossiers de preuves (docs/adr/0036).
    DossierController,
    // The public verification page's lookup (docs/adr/0040).
    PublicDocumentsController,
    // What auditors read (docs/adr/0039).
    AuditController,
  ],
  providers: [
    // What auditors read (docs/adr/0039).
    ListAuditCoursesHandler,
    ListAuditLearnersHandler,
    ListAuditSessionsHandler,
    GetDocumentSubjectHandler,
    // The transcript (ADR 0034).
    GetTranscriptHandler,
    // Issued documents (docs/adr/0035). The public address until a PUBLIC_URL setting exists: the
    // platform's home page as configured (XAPI_HOME_PAGE names the platform's public address).
    { provide: DOCUMENTS_PUBLIC_URL, useFactory: (config: AppConfig) => config.xapiHomePage, inject: [APP_CONFIG] },
    IssueDocumentHandler,
    ListIssuedDocumentsHandler,
    DownloadIssuedDocumentHandler,
    DocumentFactsAssembler,
    // The dossiers de preuves (docs/adr/0036).
    GenerateLearnerDossierHandler,
    DownloadDossierHandler,
    CheckDossierDownloadHandler,
    DownloadLinks,
    RequestDossierBatchHandler,
    GetDossierBatchHandler,
    DossierBatchRunner,
    DossierRetention,
    // The public verification page's lookup (docs/adr/0040).
    GetPublicDocumentStatusHandler,
    GetPublicDossierStatusHandler,
    PublicLookupThrottle,
  ],
})
export class EvidenceModule {}
