/*
 * The engagement context's events (issue 29 item 5, Qualiopi indicator 12, docs/adr/0053): ids and
 * values only — the learner, the course, the kind of alert, the figures the alert was judged on,
 * the n-th reminder — so that the centre can prove whom it reminded, when, and why.
 */
export const ENGAGEMENT_SETTINGS_STREAM = 'engagement.settings';
export const ENGAGEMENT_REMINDER_STREAM = 'engagement.reminder';

export const ALERT_KINDS = ['not_started', 'inactive', 'behind'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What an alert was judged on, by the server's clock (whole days, percentages rounded). */
export interface AlertFigures {
  /** Days since the enrolment (not started) or since the last activity (inactive); null for « behind ». */
  days: number | null;
  /** The learner's progress in the course, 0–100. */
  percentage: number;
  /** Behind only: the share of the session's duration elapsed, 0–100; null otherwise. */
  expectedPercentage: number | null;
  /** The threshold it was judged against: N days, or the margin in points for « behind ». */
  threshold: number;
  sessionId: number | null;
}

export interface EngagementSettingsValues {
  notStartedEnabled: boolean;
  notStartedDays: number;
  inactiveEnabled: boolean;
  inactiveDays: number;
  behindEnabled: boolean;
  behindMarginPoints: number;
  reminderIntervalDays: number;
  maxReminders: number;
}

export interface EngagementSettingsChanged {
  type: 'EngagementSettingsChanged';
  payload: EngagementSettingsValues & { adminId: number };
}

export interface LearnerReminded {
  type: 'LearnerReminded';
  payload: {
    reminderId: number; studentId: number; courseId: number; kind: AlertKind;
    /** The n-th reminder of this alert (counted since the alert began: enrolment, last activity or session start). */
    nth: number;
    /** Sent by hand (« Relancer maintenant ») or by the daily job. */
    manual: boolean;
    /** Who sent it by hand (role and profile id); null for the job. */
    byRole: 'admin' | 'teacher' | null; byId: number | null;
    /** When the alert began (the instant its reminders are counted from). */
    episodeStart: string;
    figures: AlertFigures;
  };
}

export interface LearnerReminderMailed {
  type: 'LearnerReminderMailed';
  payload: {
    reminderId: number;
    /** False when the learner could no longer be written to (account closed or suspended meanwhile, address undeliverable). */
    delivered: boolean;
  };
}

export type EngagementReminderEvent = LearnerReminded | LearnerReminderMailed;
