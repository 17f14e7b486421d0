/** PostgreSQL's `integer`: every id of the platform fits in it. */
export const MAX_ID = 2_147_483_647;

const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * An id is a positive integer written in plain decimal digits, without sign, spaces, leading
 * zeros, exponent or hexadecimal (`Number()` reads `0x10` as 16 and `1e3` as 1000), and at most
 * PostgreSQL's integer range. A JSON number is accepted when it is such an integer.
 * Returns undefined for anything else (docs/adr/0009-input-hygiene.md).
 */
export function parseId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= MAX_ID ? value : undefined;
  if (typeof value !== 'string' || !DECIMAL_ID.test(value)) return undefined;
  const id = Number(value);
  return id <= MAX_ID ? id : undefined;
}

/**
 * class-transformer `@Transform` for an id or small count sent as text (multipart, query string):
 * plain decimal digits become a number, anything else is left as sent for the validators to refuse.
 */
export const toDecimalInteger = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^(0|[1-9][0-9]{0,15})$/.test(value) ? Number(value) : value;
