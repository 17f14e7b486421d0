/**
 * When a learner is in alert, and when a reminder is due (issue 29 item 5, docs/adr/0053). Pure
 * functions of the figures read from the published views, the settings and the server's instant.
 */
import { parisCalendarDate, type CalendarDate } from '../../../shared-kernel/index.js';
import type { AlertFigures, AlertKind, EngagementSettingsValues } from '../contracts/engagement.events.js';

const DAY_MS = 86_400_000;

export interface LearnerFigures {
  enrolledAt: Date;
  /** Null while no step was ever opened. */
  lastActivityAt: Date | null;
  /** 0–100 (validated steps over live steps, 100 once completed). */
  percentage: number;
  completed: boolean;
  /** The session the learner is in for this course, if any. */
  session: { id: number; startDate: CalendarDate; endDate: CalendarDate } | null;
}

export interface Alert {
  kind: AlertKind;
  /** When the alert began: reminders are counted from it (a new inactivity starts a new count). */
  episodeStart: Date;
  figures: AlertFigures;
}

export const wholeDaysBetween = (from: Date, to: Date): number => Math.floor((to.getTime() - from.getTime()) / DAY_MS);

/** Calendar days from `from` to `to` (dates YYYY-MM-DD), both taken at noon UTC so no offset moves them. */
const calendarDaysBetween = (from: CalendarDate, to: CalendarDate): number =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY_MS);

/**
 * The share (0–100, rounded down) of a session's days elapsed on `today` (the centre's day in
 * Paris), the first day counting as one day elapsed and the last as the whole; 0 before it starts.
 */
export function elapsedShare(startDate: CalendarDate, endDate: CalendarDate, today: CalendarDate): number {
  if (today < startDate) return 0;
  if (today >= endDate) return 100;
  const total = calendarDaysBetween(startDate, endDate) + 1;
  return Math.floor(((calendarDaysBetween(startDate, today) + 1) * 100) / total);
}

/**
 * The learner's alert for one course, or null. One kind at most, in this order: not started (no
 * step opened N days after the enrolment), inactive (no activity for N days), behind (in a session
 * that has begun, progress more than the margin below the share of the session elapsed). A finished
 * course raises none; a kind switched off is skipped.
 */
export function judgeEngagement(learner: LearnerFigures, settings: EngagementSettingsValues, now: Date): Alert | null {
  if (learner.completed || learner.percentage >= 100) return null;
  const sessionId = learner.session?.id ?? null;
  if (learner.lastActivityAt === null) {
    const days = wholeDaysBetween(learner.enrolledAt, now);
    if (settings.notStartedEnabled && days >= settings.notStartedDays) {
      return { kind: 'not_started', episodeStart: learner.enrolledAt, figures: { days, percentage: learner.percentage, expectedPercentage: null, threshold: settings.notStartedDays, sessionId } };
    }
  } else {
    const days = wholeDaysBetween(learner.lastActivityAt, now);
    if (settings.inactiveEnabled && days >= settings.inactiveDays) {
      return { kind: 'inactive', episodeStart: learner.lastActivityAt, figures: { days, percentage: learner.percentage, expectedPercentage: null, threshold: settings.inactiveDays, sessionId } };
    }
  }
  if (settings.behindEnabled && learner.session) {
    const today = parisCalendarDate(now);
    if (today < learner.session.startDate) return null;
    const expected = elapsedShare(learner.session.startDate, learner.session.endDate, today);
    if (learner.percentage < expected - settings.behindMarginPoints) {
      // Counted from the session's start (or a later enrolment): the same lag is reminded at most `maxReminders` times per session.
      const sessionStart = new Date(`${learner.session.startDate}T00:00:00Z`);
      const episodeStart = learner.enrolledAt > sessionStart ? learner.enrolledAt : sessionStart;
      return { kind: 'behind', episodeStart, figures: { days: null, percentage: learner.percentage, expectedPercentage: expected, threshold: settings.behindMarginPoints, sessionId } };
    }
  }
  return null;
}

export interface PastReminder {
  kind: AlertKind;
  episodeStart: Date;
  nth: number;
  decidedAt: Date;
}

/** The reminders of this alert (same kind, same beginning), the latest last. */
export function remindersOfAlert(alert: Alert, history: readonly PastReminder[]): PastReminder[] {
  return history.filter((r) => r.kind === alert.kind && r.episodeStart.getTime() === alert.episodeStart.getTime()).sort((a, b) => a.nth - b.nth);
}

/**
 * The number of the automatic reminder due now for this alert, or null: fewer than `maxReminders`
 * sent for it, and none (of any kind, by hand or not) for this enrolment in the last
 * `reminderIntervalDays` days.
 */
export function automaticReminderDue(alert: Alert, history: readonly PastReminder[], settings: EngagementSettingsValues, now: Date): number | null {
  const sent = remindersOfAlert(alert, history);
  if (sent.length >= settings.maxReminders) return null;
  const latest = history.reduce<Date | null>((last, r) => (last === null || r.decidedAt > last ? r.decidedAt : last), null);
  if (latest !== null && wholeDaysBetween(latest, now) < settings.reminderIntervalDays) return null;
  return nextNth(alert, history);
}

/** The number a reminder of this alert takes (by hand: whatever the limits). */
export const nextNth = (alert: Alert, history: readonly PastReminder[]): number => remindersOfAlert(alert, history).reduce((n, r) => Math.max(n, r.nth), 0) + 1;
