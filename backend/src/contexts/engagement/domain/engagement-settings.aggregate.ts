import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import { ENGAGEMENT_SETTINGS_STREAM, type EngagementSettingsChanged, type EngagementSettingsValues } from '../contracts/engagement.events.js';

export const SETTINGS_MESSAGES = {
  notStartedDays: 'Le délai « non commencé » doit être un nombre entier de jours entre 1 et 365.',
  inactiveDays: 'Le délai « inactif » doit être un nombre entier de jours entre 1 et 365.',
  behindMarginPoints: 'La marge de retard doit être un nombre entier de points entre 0 et 100.',
  reminderIntervalDays: 'L’intervalle entre deux relances doit être un nombre entier de jours entre 1 et 365.',
  maxReminders: 'Le nombre maximal de relances doit être un entier entre 0 et 20.',
  enabled: 'Chaque type d’alerte est activé (true) ou désactivé (false).',
};

const BOUNDS: Record<'notStartedDays' | 'inactiveDays' | 'behindMarginPoints' | 'reminderIntervalDays' | 'maxReminders', [number, number, string]> = {
  notStartedDays: [1, 365, 'not_started_days'],
  inactiveDays: [1, 365, 'inactive_days'],
  behindMarginPoints: [0, 100, 'behind_margin_points'],
  reminderIntervalDays: [1, 365, 'reminder_interval_days'],
  maxReminders: [0, 20, 'max_reminders'],
};
const SWITCHES: Record<'notStartedEnabled' | 'inactiveEnabled' | 'behindEnabled', string> = {
  notStartedEnabled: 'not_started_enabled', inactiveEnabled: 'inactive_enabled', behindEnabled: 'behind_enabled',
};

/** The centre's engagement settings (one row): N for each kind of alert, on/off per kind, the reminders' interval and maximum. */
@Entity({ tableName: 'settings', schema: 'engagement' })
export class EngagementSettings extends AggregateRoot<EngagementSettingsChanged> implements EngagementSettingsValues {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  id = 1;

  @Property({ type: 'boolean', fieldName: 'not_started_enabled' }) notStartedEnabled = true;
  @Property({ type: 'integer', fieldName: 'not_started_days' }) notStartedDays = 7;
  @Property({ type: 'boolean', fieldName: 'inactive_enabled' }) inactiveEnabled = true;
  @Property({ type: 'integer', fieldName: 'inactive_days' }) inactiveDays = 7;
  @Property({ type: 'boolean', fieldName: 'behind_enabled' }) behindEnabled = true;
  @Property({ type: 'integer', fieldName: 'behind_margin_points' }) behindMarginPoints = 20;
  @Property({ type: 'integer', fieldName: 'reminder_interval_days' }) reminderIntervalDays = 7;
  @Property({ type: 'integer', fieldName: 'max_reminders' }) maxReminders = 3;
  @Property({ type: 'datetime', fieldName: 'changed_at', nullable: true }) changedAt: Date | null = null;
  @Property({ type: 'integer', fieldName: 'changed_by_id', nullable: true }) changedById: number | null = null;
  @Property({ type: 'integer' }) version = 0;

  stream(): StreamRef {
    return { type: ENGAGEMENT_SETTINGS_STREAM, id: this.id };
  }

  values(): EngagementSettingsValues {
    const { notStartedEnabled, notStartedDays, inactiveEnabled, inactiveDays, behindEnabled, behindMarginPoints, reminderIntervalDays, maxReminders } = this;
    return { notStartedEnabled, notStartedDays, inactiveEnabled, inactiveDays, behindEnabled, behindMarginPoints, reminderIntervalDays, maxReminders };
  }

  /** Changes what is given (the rest stays); every value checked first, nothing changed on a refusal. Returns whether anything changed. */
  change(adminId: number, change: Partial<Record<keyof EngagementSettingsValues, unknown>>, now: Date): boolean {
    const next = this.values();
    for (const [key, [min, max, field]] of Object.entries(BOUNDS) as [keyof typeof BOUNDS, [number, number, string]][]) {
      const value = change[key];
      if (value === undefined) continue;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw new InvalidInputError(SETTINGS_MESSAGES[key], field);
      next[key] = value;
    }
    for (const [key, field] of Object.entries(SWITCHES) as [keyof typeof SWITCHES, string][]) {
      const value = change[key];
      if (value === undefined) continue;
      if (typeof value !== 'boolean') throw new InvalidInputError(SETTINGS_MESSAGES.enabled, field);
      next[key] = value;
    }
    const before = this.values();
    if ((Object.keys(next) as (keyof EngagementSettingsValues)[]).every((key) => next[key] === before[key])) return false;
    Object.assign(this, next, { changedAt: now, changedById: adminId });
    this.record({ type: 'EngagementSettingsChanged', payload: { ...next, adminId } });
    return true;
  }
}
