import { randomInt } from 'node:crypto';

/**
 * Verification codes (docs/adr/0035): 12 characters drawn with a crypto-random generator from an
 * alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V): 23 symbols, 12 draws ≈ 54 bits,
 * printed in three groups of four. Unique by a unique index; a collision (≈ never) is a lost race
 * and the work runs again with a fresh code.
 */
export const CODE_ALPHABET = '34679ACDEFGHJKMNPQRTWXY';
export const CODE_LENGTH = 12;

export function newVerificationCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export function isVerificationCode(value: string): boolean {
  return value.length === CODE_LENGTH && [...value].every((c) => CODE_ALPHABET.includes(c));
}

/** « ABCD-EFGH-JKMN » for the eye. */
export function groupedCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-');
}

/** The address the QR code encodes: the public verification page (issue 26; the page comes with the ledger issue). */
export function verificationUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verification/${code}`;
}
