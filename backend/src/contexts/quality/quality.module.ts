import { CountQualityRecordsHandler } from './application/complaints/count-quality-records.query.js';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ProjectionRegistry } from '../../platform/event-log/index.js';
import { AcknowledgeComplaintHandler, ComplaintMailPolicy, SendComplaintAnswerHandler } from './application/complaints/complaint-mail.js';
import { ComplaintRetention } from './application/complaints/complaint-retention.js';
import {
  AnswerComplaintHandler, ChangeComplaintStatusHandler, ComplaintFilingThrottle, FileComplaintHandler, RecordComplaintActionHandler,
} from './application/complaints/complaint.commands.js';
import { GetComplaintHandler, ListComplaintCoursesHandler, ListComplaintsHandler, ListMyComplaintsHandler } from './application/complaints/complaint.queries.js';
import { OpenImprovementActionHandler, UpdateImprovementActionHandler } from './application/improvements/improvement.commands.js';
import { GetImprovementActionHandler, ListImprovementActionsHandler } from './application/improvements/improvement.queries.js';
import { ExportComplaintsHandler, ExportImprovementActionsHandler } from './application/quality-exports.js';
import { Complaint, ComplaintAnswer } from './domain/complaint.aggregate.js';
import { ImprovementAction } from './domain/improvement-action.aggregate.js';
import { ComplaintsController } from './http/complaints.controller.js';
import { ImprovementsController } from './http/improvements.controller.js';

/** Quality (issue 29 item 6, docs/adr/0048): complaints (indicator 31) and the improvement log (indicator 32). */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([Complaint, ComplaintAnswer, ImprovementAction])],
  controllers: [ComplaintsController, ImprovementsController],
  providers: [
    // Identity asks before removing a person (identity.queries.ts), answered here.
    CountQualityRecordsHandler,
    ComplaintFilingThrottle,
    FileComplaintHandler,
    ChangeComplaintStatusHandler,
    AnswerComplaintHandler,
    RecordComplaintActionHandler,
    ListComplaintsHandler,
    GetComplaintHandler,
    ListMyComplaintsHandler,
    ListComplaintCoursesHandler,
    OpenImprovementActionHandler,
    UpdateImprovementActionHandler,
    ListImprovementActionsHandler,
    GetImprovementActionHandler,
    ExportComplaintsHandler,
    ExportImprovementActionsHandler,
    AcknowledgeComplaintHandler,
    SendComplaintAnswerHandler,
    ComplaintMailPolicy,
    ComplaintRetention,
  ],
})
export class QualityModule {
  constructor(projections: ProjectionRegistry, mail: ComplaintMailPolicy) {
    projections.registerPolicy(mail);
  }
}
