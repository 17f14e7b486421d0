import { Body, Controller, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { PagedOf, type Paged } from '../../../platform/http/paging.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { ALERT_KINDS, type AlertKind } from '../contracts/engagement.events.js';
import { AlertFiltersView, AlertView, ListAlertFilters, ListAlerts, ListSentReminders, SentReminderView } from '../application/engagement-alerts.queries.js';
import { RemindLearner } from '../application/engagement-reminders.js';
import { ChangeEngagementSettings, EngagementSettingsView, GetEngagementSettings } from '../application/engagement-settings.js';
import { AlertsQuery, RemindRequest, SentRemindersQuery, SettingsRequest } from './engagement.requests.js';

class RemindedView {
  @ApiProperty() reminder_id!: number;
  @ApiProperty() nth!: number;
  @ApiProperty({ enum: ALERT_KINDS }) kind!: AlertKind;
  @ApiProperty({ description: 'L’e-mail est parti (false : serveur de messagerie indisponible, il repartira à la prochaine tâche)' }) mailed!: boolean;
}

/** Engagement alerts (issue 29 item 5, Qualiopi indicator 12, docs/adr/0053): admins and trainers (their courses' learners). */
@ApiTags('Alertes d’assiduité')
@Controller()
export class EngagementController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('engagement/alerts')
  @Authenticated('admin', 'teacher')
  @ApiOperation({ summary: 'Les apprenants en alerte (non commencé, inactif, en retard sur la session), paginés ; un formateur ne voit que ceux de ses cours' })
  @ApiOkResponse({ type: PagedOf(AlertView) })
  alerts(@CurrentActor() actor: Actor, @Query() query: AlertsQuery, @Req() request: FastifyRequest): Promise<Paged<AlertView>> {
    return this.queries.execute(new ListAlerts(actor, { courseId: query.course ?? null, sessionId: query.session ?? null, kind: query.kind ?? null }, query.toPageRequest(20), request.url));
  }

  @Post('engagement/alerts/remind')
  @HttpCode(201)
  @Authenticated('admin', 'teacher')
  @ApiOperation({ summary: '« Relancer maintenant » : envoie la relance à un apprenant en alerte (un événement, comme celles de la tâche quotidienne)' })
  @ApiOkResponse({ type: RemindedView })
  async remind(@CurrentActor() actor: Actor, @Body() body: RemindRequest): Promise<RemindedView> {
    const done = await this.commands.execute(new RemindLearner(actor, body.student_id, body.course_id, body.request_key ?? null));
    return { reminder_id: done.reminderId, nth: done.nth, kind: done.kind, mailed: done.mailed };
  }

  @Get('engagement/reminders')
  @Authenticated('admin', 'teacher')
  @ApiOperation({ summary: 'Les relances envoyées, les plus récentes d’abord, avec l’activité de l’apprenant depuis chacune' })
  @ApiOkResponse({ type: PagedOf(SentReminderView) })
  reminders(@CurrentActor() actor: Actor, @Query() query: SentRemindersQuery, @Req() request: FastifyRequest): Promise<Paged<SentReminderView>> {
    return this.queries.execute(new ListSentReminders(actor, { courseId: query.course ?? null, kind: query.kind ?? null }, query.toPageRequest(20), request.url));
  }

  @Get('engagement/filters')
  @Authenticated('admin', 'teacher')
  @ApiOperation({ summary: 'Les cours (ceux du formateur) et leurs sessions, pour filtrer les alertes' })
  @ApiOkResponse({ type: AlertFiltersView })
  filters(@CurrentActor() actor: Actor): Promise<AlertFiltersView> {
    return this.queries.execute(new ListAlertFilters(actor));
  }

  @Get('admin/engagement/settings')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Les réglages des alertes d’assiduité et des relances' })
  @ApiOkResponse({ type: EngagementSettingsView })
  settings(@CurrentActor() actor: Actor): Promise<EngagementSettingsView> {
    return this.queries.execute(new GetEngagementSettings(actor));
  }

  @Put('admin/engagement/settings')
  @Authenticated('admin')
  @ApiOperation({ summary: 'Change les réglages envoyés (délais, marge, intervalle et nombre de relances, types activés) ; le reste demeure' })
  @ApiOkResponse({ type: EngagementSettingsView })
  change(@CurrentActor() actor: Actor, @Body() body: SettingsRequest): Promise<EngagementSettingsView> {
    return this.commands.execute(new ChangeEngagementSettings(actor, {
      notStartedEnabled: body.not_started_enabled, notStartedDays: body.not_started_days, inactiveEnabled: body.inactive_enabled, inactiveDays: body.inactive_days,
      behindEnabled: body.behind_enabled, behindMarginPoints: body.behind_margin_points, reminderIntervalDays: body.reminder_interval_days, maxReminders: body.max_reminders,
    }));
  }
}
