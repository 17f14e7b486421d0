import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ProjectionRegistry } from '../../platform/event-log/index.js';
import { ExportIndicatorLearnersHandler } from './application/indicators-export.js';
import { GetIndicatorsHandler, GetPublicResultsHandler, ListIndicatorLearnersHandler } from './application/indicators.queries.js';
import { learnerCourseProjection, learnerQuizProjection } from './application/projections/indicators.projections.js';
import { SwitchPublicResultsHandler } from './application/public-results.command.js';
import { PublicResults } from './domain/public-results.aggregate.js';
import { IndicatorsController } from './http/indicators.controller.js';

/** The Qualiopi indicators (issue 29 item 7, docs/adr/0056): last in CONTEXT_ORDER, it reads the others' events and published views. */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([PublicResults])],
  controllers: [IndicatorsController],
  providers: [GetIndicatorsHandler, ListIndicatorLearnersHandler, ExportIndicatorLearnersHandler, GetPublicResultsHandler, SwitchPublicResultsHandler],
})
export class IndicatorsModule {
  constructor(projections: ProjectionRegistry) {
    projections.register(learnerCourseProjection);
    projections.register(learnerQuizProjection);
  }
}
