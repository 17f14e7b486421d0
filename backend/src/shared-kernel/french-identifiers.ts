/**
 * French identifiers a training centre and an employer carry (docs/adr/0032): the SIRET
 * of an establishment and the numéro de déclaration d'activité (NDA). Pure functions shared by the
 * centre's identity and the enrolment's funding (employer), so a value is judged in one place.
 */

/** The SIREN of La Poste, whose establishments' SIRETs do not follow the Luhn key. */
const LA_POSTE_SIREN = '356000000';

/** Spaces, dots and dashes people type between groups of digits are removed; nothing else is. */
export function normaliseDigits(value: string): string {
  return value.replace(/[\s.\-\u00a0\u202f]/g, '');
}

/** The Luhn check (ISO/IEC 7812-1) over a string of digits. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A SIRET is 14 digits whose Luhn key is right. INSEE's one exception: La Poste's establishments
 * (SIREN 356 000 000) are numbered so that the sum of their 14 digits is a multiple of 5; its head
 * office (356 000 000 00048) passes Luhn as well.
 */
export function isValidSiret(value: string): boolean {
  const digits = normaliseDigits(value);
  if (!/^\d{14}$/.test(digits)) return false;
  if (passesLuhn(digits)) return true;
  if (!digits.startsWith(LA_POSTE_SIREN)) return false;
  const sum = [...digits].reduce((total, digit) => total + Number(digit), 0);
  return sum % 5 === 0;
}

/** The numéro de déclaration d'activité a DREETS gives: 11 digits (no public check key). */
export function isValidNda(value: string): boolean {
  return /^\d{11}$/.test(normaliseDigits(value));
}

/** The French message a refused value answers with (400), or null when the value is valid. */
export function siretProblem(value: string): string | null {
  const digits = normaliseDigits(value);
  if (!/^\d{14}$/.test(digits)) return 'Le SIRET doit comporter exactement 14 chiffres.';
  return isValidSiret(digits) ? null : 'Ce SIRET n’est pas valide : sa clé de contrôle ne correspond pas.';
}

export function ndaProblem(value: string): string | null {
  return isValidNda(value) ? null : 'Le numéro de déclaration d’activité doit comporter exactement 11 chiffres.';
}
