/**
 * The status of an accessibility statement (RGAA model, docs/adr/0049), computed, never typed:
 * « non conforme » without an audit (no date, no criteria) or under 50 % of the applicable criteria
 * met, « partiellement conforme » from 50 %, « totalement conforme » only when every applicable
 * criterion is met. Nothing is « totalement » by default.
 */
export const ACCESSIBILITY_STATUSES = ['non_conforme', 'partiellement_conforme', 'totalement_conforme'] as const;
export type AccessibilityStatus = (typeof ACCESSIBILITY_STATUSES)[number];

/** RGAA 4.1 counts 106 criteria: no audit can apply more. */
export const RGAA_CRITERIA = 106;
/** The versions a statement may name (the current one first). */
export const RGAA_VERSIONS = ['4.1.2', '4.1.1', '4.1'] as const;
export type RgaaVersion = (typeof RGAA_VERSIONS)[number];

export interface AuditFigures {
  auditDate: string | null;
  applicable: number | null;
  met: number | null;
}

export interface ComputedStatus {
  statut: AccessibilityStatus;
  /** The rate of applicable criteria met, in percent, one decimal (null: no audit). */
  taux: number | null;
}

/** The status and rate from the audit's figures (a pure function: the aggregate's rule and the read side's). */
export function accessibilityStatus({ auditDate, applicable, met }: AuditFigures): ComputedStatus {
  if (auditDate === null || applicable === null || met === null || applicable <= 0 || met < 0 || met > applicable) {
    return { statut: 'non_conforme', taux: null };
  }
  const taux = Math.floor((met * 1000) / applicable) / 10;
  if (met === applicable) return { statut: 'totalement_conforme', taux: 100 };
  return { statut: met * 2 >= applicable ? 'partiellement_conforme' : 'non_conforme', taux };
}
