import { frenchDay } from '../../lib/format';

export { formatDateTime, formatHandling, newKey } from '../../lib/format';

/** « 30/04/2026 » for a calendar day YYYY-MM-DD, « — » when absent. */
export const formatDay = (value: string | null | undefined) => frenchDay(value, '—');
