import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AssessmentModule } from './contexts/assessment/index.js';
import { TutoringModule } from './contexts/tutoring/index.js';
import { LearningProgressModule } from './contexts/learning-progress/index.js';
import { CatalogueModule } from './contexts/catalogue/index.js';
import { EnrolmentModule } from './contexts/enrolment/index.js';
import { IdentityModule } from './contexts/identity/index.js';
import { AdministrationModule } from './contexts/administration/index.js';
import { XapiModule } from './contexts/xapi/index.js';
import { CentreModule } from './contexts/centre/index.js';
import { EvidenceModule } from './contexts/evidence/index.js';
import { NotificationsModule } from './contexts/notifications/index.js';
import { QualityModule } from './contexts/quality/index.js';
import { SatisfactionModule } from './contexts/satisfaction/index.js';
import { IndicatorsModule } from './contexts/indicators/index.js';
import { EngagementModule } from './contexts/engagement/index.js';
import type { AppConfig } from './platform/config/config.js';
import type { Clock } from './shared-kernel/index.js';
import { PlatformModule } from './platform/platform.module.js';

@Module({})
export class AppModule {
  /** `clock`: the system's unless a test sets its own. */
  static forRoot(config: AppConfig, databaseUrl: string, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(), PlatformModule.forRoot(config, databaseUrl, clock), IdentityModule, CatalogueModule, EnrolmentModule, AssessmentModule, TutoringModule,
        LearningProgressModule, XapiModule, AdministrationModule, CentreModule, EvidenceModule,
        NotificationsModule, QualityModule, EngagementModule, SatisfactionModule, IndicatorsModule,
      ],
    };
  }
}
