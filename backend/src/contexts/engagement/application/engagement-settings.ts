import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ApiProperty } from '@nestjs/swagger';
import { AggregateStore } from '../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../platform/auth/ownership.js';
import { Clock, NotFoundError, type Actor } from '../../../shared-kernel/index.js';
import type { EngagementSettingsValues } from '../contracts/engagement.events.js';
import { EngagementSettings } from '../domain/engagement-settings.aggregate.js';

const settingsMissing = () => new NotFoundError('Réglages des alertes introuvables.');

/** GET/PUT /api/admin/engagement/settings/ */
export class EngagementSettingsView {
  @ApiProperty() not_started_enabled!: boolean;
  @ApiProperty({ description: 'Jours après l’inscription sans aucune étape ouverte' }) not_started_days!: number;
  @ApiProperty() inactive_enabled!: boolean;
  @ApiProperty({ description: 'Jours sans activité' }) inactive_days!: number;
  @ApiProperty() behind_enabled!: boolean;
  @ApiProperty({ description: 'Points de pourcentage de retard tolérés sur la part écoulée de la session' }) behind_margin_points!: number;
  @ApiProperty({ description: 'Jours entre deux relances' }) reminder_interval_days!: number;
  @ApiProperty({ description: 'Relances automatiques au plus, par alerte' }) max_reminders!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) changed_at!: string | null;
}

export function settingsView(s: EngagementSettings): EngagementSettingsView {
  return {
    not_started_enabled: s.notStartedEnabled, not_started_days: s.notStartedDays, inactive_enabled: s.inactiveEnabled, inactive_days: s.inactiveDays,
    behind_enabled: s.behindEnabled, behind_margin_points: s.behindMarginPoints, reminder_interval_days: s.reminderIntervalDays,
    max_reminders: s.maxReminders, changed_at: s.changedAt?.toISOString() ?? null,
  };
}

export class GetEngagementSettings extends Query<EngagementSettingsView> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@QueryHandler(GetEngagementSettings)
export class GetEngagementSettingsHandler implements IQueryHandler<GetEngagementSettings> {
  constructor(private readonly store: AggregateStore) {}

  async execute({ actor }: GetEngagementSettings): Promise<EngagementSettingsView> {
    assertAdmin(actor);
    return this.store.transaction(async (uow) => settingsView(await uow.load(EngagementSettings, { id: 1 }, settingsMissing)));
  }
}

export class ChangeEngagementSettings extends Command<EngagementSettingsView> {
  constructor(
    readonly actor: Actor,
    readonly change: Partial<Record<keyof EngagementSettingsValues, unknown>>,
  ) {
    super();
  }
}

@CommandHandler(ChangeEngagementSettings)
export class ChangeEngagementSettingsHandler implements ICommandHandler<ChangeEngagementSettings> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, change }: ChangeEngagementSettings): Promise<EngagementSettingsView> {
    assertAdmin(actor);
    return this.store.transaction(async (uow) => {
      const settings = await uow.load(EngagementSettings, { id: 1 }, settingsMissing);
      settings.change(actor.profileId, change, this.clock.now());
      return settingsView(settings);
    }, { actor });
  }
}
