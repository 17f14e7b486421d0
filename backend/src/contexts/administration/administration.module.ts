import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ProjectionRegistry } from '../../platform/event-log/index.js';
import { headcountProjection, weeklyActivityProjection, weeklyLearnerProjection } from './application/projections/dashboard.projections.js';
import { GetDashboardHandler, GetTrendsHandler } from './application/queries/dashboard.queries.js';
import { ExportProgressHandler } from './application/queries/export-progress.query.js';
import { ExportStudentsHandler } from './application/queries/export-students.query.js';
import { ListProgressHandler } from './application/queries/list-progress.query.js';
import { ExportServiceFaitHandler } from './application/queries/export-service-fait.query.js';
import { GetServiceFaitHandler } from './application/queries/service-fait.query.js';
import { AdministrationController } from './http/administration.controller.js';
import { ExportsController } from './http/exports.controller.js';

/**
 * Administration: the back office's read side (docs/adr/0015, docs/administration.md): dashboard
 * totals and trends from its own projections, the progress list, the sessions' « service fait » and the Excel exports over the read
 * models the upstream contexts publish in their contracts (views, never their tables). It writes nothing else.
 */
@Module({
  imports: [CqrsModule],
  controllers: [AdministrationController, ExportsController],
  providers: [GetDashboardHandler, GetTrendsHandler, ListProgressHandler, ExportProgressHandler, ExportStudentsHandler, GetServiceFaitHandler, ExportServiceFaitHandler],
})
export class AdministrationModule {
  constructor(projections: ProjectionRegistry) {
    projections.register(headcountProjection);
    projections.register(weeklyActivityProjection);
    projections.register(weeklyLearnerProjection);
  }
}
