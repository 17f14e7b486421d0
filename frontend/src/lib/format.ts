/** A no-break space (U+00A0): « 90 % » never breaks between the number and its sign. */
export const NBSP = '\u00a0';

/** « 90 % », « 12,5 % »: French digits (a decimal comma) and a no-break space before the sign. */
export function formatPercent(value: number): string {
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}${NBSP}%`;
}
