import { Body, Controller, Get, HttpCode, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { MarkNotificationsSeen } from '../application/commands/mark-notifications-seen.command.js';
import { CountNotifications, ListNotifications, NotificationCount, NotificationList } from '../application/queries/notifications.queries.js';

/** PUT /notifications/seen: the bell showed everything up to `up_to`. */
export class SeenForm {
  @ApiProperty({ description: 'La position la plus récente affichée (`latest` de la liste)', minimum: 0 })
  @Allow()
  up_to!: unknown;
}

/** The bell (docs/adr/0046): each signed-in student, trainer or admin reads and marks only their own. */
@ApiTags('Notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('count')
  @Authenticated('student', 'teacher', 'admin')
  @ApiOperation({ summary: 'Le nombre de notifications non lues (une requête indexée ; le client l’interroge au plus toutes les 60 s)' })
  @ApiOkResponse({ type: NotificationCount })
  count(@CurrentActor() actor: Actor): Promise<NotificationCount> {
    return this.queries.execute(new CountNotifications(actor));
  }

  @Get()
  @Authenticated('student', 'teacher', 'admin')
  @ApiOperation({ summary: 'Les 20 dernières notifications, avec les noms et titres ; les phrases sont écrites par le client' })
  @ApiOkResponse({ type: NotificationList })
  list(@CurrentActor() actor: Actor): Promise<NotificationList> {
    return this.queries.execute(new ListNotifications(actor));
  }

  @Put('seen')
  @HttpCode(200)
  @Authenticated('student', 'teacher', 'admin')
  @ApiOperation({ summary: 'Marque comme vues les notifications jusqu’à `up_to` (ne recule jamais ; répété, ne change rien)' })
  @ApiOkResponse({ type: NotificationCount })
  async seen(@CurrentActor() actor: Actor, @Body() body: SeenForm): Promise<NotificationCount> {
    const upTo = typeof body?.up_to === 'number' ? body.up_to : Number.NaN;
    await this.commands.execute(new MarkNotificationsSeen(actor, upTo));
    return this.queries.execute(new CountNotifications(actor));
  }
}
