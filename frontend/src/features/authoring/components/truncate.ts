/** The spec cuts course descriptions at 80 characters in the course lists (02 §9, 03 §9). */
export const DESCRIPTION_LIMIT = 80;

export function truncate(text: string | null | undefined, limit = DESCRIPTION_LIMIT): string {
  const value = (text ?? '').trim();
  return value.length > limit ? `${value.slice(0, limit).trimEnd()}…` : value;
}
