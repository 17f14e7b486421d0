/**
 * A course's progress as the student space shows it (01 §4, §9): the band it falls in (0 not
 * started, 1 to 99 in progress, 100 completed) and the colour of its bar (grey at 0, orange below
 * 50, yellow from 50 to 99, green at 100).
 */
export type ProgressBand = 'not_started' | 'in_progress' | 'completed';

export const PROGRESS_FILTERS = ['all', 'not_started', 'in_progress', 'completed'] as const;
export type ProgressFilter = (typeof PROGRESS_FILTERS)[number];

export function progressBand(percent: number): ProgressBand {
  if (percent >= 100) return 'completed';
  return percent > 0 ? 'in_progress' : 'not_started';
}

/** The bar's fill: each at least 3:1 against the light track, so the filled part is seen (WCAG 1.4.11). */
export const PROGRESS_COLOURS = {
  grey: '#8c8c8c',
  orange: '#e8590c',
  yellow: '#d4a106',
  green: '#2f9e44',
} as const;

export function progressColour(percent: number): keyof typeof PROGRESS_COLOURS {
  if (percent >= 100) return 'green';
  if (percent >= 50) return 'yellow';
  return percent > 0 ? 'orange' : 'grey';
}

export function matchesFilter(percent: number, filter: ProgressFilter): boolean {
  return filter === 'all' || progressBand(percent) === filter;
}
