import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ListAlertFiltersHandler, ListAlertsHandler, ListSentRemindersHandler } from './application/engagement-alerts.queries.js';
import { EngagementReminders, RemindLearnerHandler } from './application/engagement-reminders.js';
import { ChangeEngagementSettingsHandler, GetEngagementSettingsHandler } from './application/engagement-settings.js';
import { EngagementReminder } from './domain/engagement-reminder.aggregate.js';
import { EngagementSettings } from './domain/engagement-settings.aggregate.js';
import { EngagementController } from './http/engagement.controller.js';

/** Engagement alerts and reminders (issue 29 item 5, Qualiopi indicator 12, docs/adr/0053): after quality, reading published views only. */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([EngagementSettings, EngagementReminder])],
  controllers: [EngagementController],
  providers: [EngagementReminders, RemindLearnerHandler, ListAlertsHandler, ListAlertFiltersHandler, ListSentRemindersHandler, GetEngagementSettingsHandler, ChangeEngagementSettingsHandler],
})
export class EngagementModule {}
