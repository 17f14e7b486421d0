/**
 * The CPF's declarations on EDOF (the Caisse des Dépôts' space for training organisations, issue 29
 * item 2, docs/adr/0050): the effective entry of a learner, then their exit, each declared within
 * three working days (jours ouvrés) of the date. The platform does not call EDOF; it shows each
 * deadline of the day and records when the admin says it was declared (the server's date, so a late
 * declaration shows as late). The admins are reminded before a deadline passes (`edofReminderStage`, ADR 0053).
 */
import { addFrenchWorkingDays, frenchWorkingDaysBetween, type CalendarDate } from '../../../shared-kernel/index.js';

export const EDOF_KINDS = ['entry', 'exit'] as const;
export type EdofKind = (typeof EDOF_KINDS)[number];

/** « dans un délai de trois jours ouvrés » (of.moncompteformation.gouv.fr, « Comment déclarer le service fait »). */
export const EDOF_DELAY_WORKING_DAYS = 3;

export type EdofStatus = 'date_inconnue' | 'a_venir' | 'a_declarer' | 'en_retard' | 'declaree' | 'declaree_en_retard';

export const EDOF_STATUS_LABELS: Record<EdofStatus, string> = {
  date_inconnue: 'Date inconnue',
  a_venir: 'À venir',
  a_declarer: 'À déclarer',
  en_retard: 'En retard',
  declaree: 'Déclarée',
  declaree_en_retard: 'Déclarée en retard',
};

export interface EdofDeclaration {
  kind: EdofKind;
  /** The effective entry or exit date, or null when unknown. */
  date: CalendarDate | null;
  /** The last day to declare it, or null when the date is unknown. */
  deadline: CalendarDate | null;
  declaredOn: CalendarDate | null;
  status: EdofStatus;
  /** Working days left before the deadline, today not counted (0 on the last day); null once declared or late. */
  workingDaysLeft: number | null;
}

export function edofDeadline(date: CalendarDate): CalendarDate {
  return addFrenchWorkingDays(date, EDOF_DELAY_WORKING_DAYS);
}

/** A declaration as recorded when the admin made it: the day, and the date and deadline it was judged on. */
export interface RecordedEdofDeclaration {
  declaredOn: CalendarDate;
  date: CalendarDate;
  deadline: CalendarDate;
}

/**
 * Where one declaration stands on `today` (the centre's day by the server's clock). One already
 * recorded reads as it was judged then: changing a date afterwards never turns a late declaration
 * into one in time.
 */
export function edofDeclaration(kind: EdofKind, date: CalendarDate | null, recorded: RecordedEdofDeclaration | null, today: CalendarDate): EdofDeclaration {
  if (recorded !== null) {
    const { declaredOn, deadline } = recorded;
    return { kind, date: recorded.date, deadline, declaredOn, status: declaredOn <= deadline ? 'declaree' : 'declaree_en_retard', workingDaysLeft: null };
  }
  const declaredOn = null;
  if (date === null) return { kind, date, deadline: null, declaredOn, status: 'date_inconnue', workingDaysLeft: null };
  const deadline = edofDeadline(date);
  if (today < date) return { kind, date, deadline, declaredOn, status: 'a_venir', workingDaysLeft: null };
  if (today > deadline) return { kind, date, deadline, declaredOn, status: 'en_retard', workingDaysLeft: null };
  return { kind, date, deadline, declaredOn, status: 'a_declarer', workingDaysLeft: frenchWorkingDaysBetween(today, deadline) };
}

export type EdofReminderStage = 'veille' | 'jour';

/**
 * Whether the admins are to be reminded of a declaration today (ADR 0053): still to declare, and
 * either one working day left (« la veille »: the first day it is so, a Friday for a Monday
 * deadline) or the deadline's own day. Declared, late, to come or without a date: none.
 */
export function edofReminderStage(declaration: EdofDeclaration): EdofReminderStage | null {
  if (declaration.status !== 'a_declarer') return null;
  if (declaration.workingDaysLeft === 0) return 'jour';
  if (declaration.workingDaysLeft === 1) return 'veille';
  return null;
}
