import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ProjectionRegistry } from '../../platform/event-log/index.js';
import { MarkNotificationsSeenHandler } from './application/commands/mark-notifications-seen.command.js';
import { notificationsProjection } from './application/projections/notifications.projection.js';
import { CountNotificationsHandler, ListNotificationsHandler } from './application/queries/notifications.queries.js';
import { NotificationInbox } from './domain/notification-inbox.aggregate.js';
import { NotificationsController } from './http/notifications.controller.js';

/** In-app notifications, the bell (issue 30 item 1, docs/adr/0046): last in CONTEXT_ORDER, it reads the others' events. */
@Module({
  imports: [CqrsModule, MikroOrmModule.forFeature([NotificationInbox])],
  controllers: [NotificationsController],
  providers: [CountNotificationsHandler, ListNotificationsHandler, MarkNotificationsSeenHandler],
})
export class NotificationsModule {
  constructor(projections: ProjectionRegistry) {
    projections.register(notificationsProjection);
  }
}
