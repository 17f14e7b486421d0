/** `2027-01-11` → `11/01/2027`. */
export const frenchDay = (isoDay: string | null | undefined): string => (isoDay ? isoDay.split('-').reverse().join('/') : '');
