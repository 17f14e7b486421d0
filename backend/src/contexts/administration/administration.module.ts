import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ProjectionRegistry } from '../../platform/event-log/index.js';
import { headcountProjection, weeklyActivityProjection, weeklyLearnerProjection } from './application/projections/dashboard.projections.js';
import { GetDashboardHandler, GetTrendsHandler } from './application/queries/dashboard.queries.js';
import { ListProgressHandler } from './application/queries/list-progress.query.js';
import { AdministrationController } from './http/administration.controller.js';
import { ExportsController } from './http/exports.controller.js';

/**
 * Administration: the back office's read side (docs/adr/0015, docs/administration.md): dashboard
 * totals and trends from its own projections, the progress list and the Excel exports over the
 * upstream contexts' published read models. It writes nothing else.
 */
@Module({
  imports: [CqrsModule],
  controllers: [AdministrationController, ExportsController],
  providers: [GetDashboardHandler, GetTrendsHandler, ListProgressHandler],
})
export class AdministrationModule {
  constructor(projections: ProjectionRegistry) {
    projections.register(headcountProjection);
    projections.register(weeklyActivityProjection);
    projections.register(weeklyLearnerProjection);
  }
}
