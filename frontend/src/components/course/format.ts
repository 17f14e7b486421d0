const NBSP = '\u00a0';

/**
 * A duration from seconds, as a French reader writes it: "1 h 15", "2 h", "50 min", "2 min 30 s",
 * "45 s" (no unit at zero, a no-break space before each unit). From one hour on, the seconds are
 * rounded to the minute. `'admin'` gives the back-office's 'Xh Ymin Zs' / 'Ymin Zs' / 'Zs'
 * (03 §7, constant 75), for the admin screens that the spec describes that way.
 */
export function formatDuration(totalSeconds: number | null | undefined, style: 'reading' | 'admin' = 'reading'): string {
  const seconds = Math.max(0, Math.round(totalSeconds ?? 0));
  if (style === 'admin') {
    const h = Math.floor(seconds / 3600);
    const min = Math.floor((seconds % 3600) / 60);
    const s = seconds % 60;
    if (h > 0) return `${h}h ${min}min ${s}s`;
    if (min > 0) return `${min}min ${s}s`;
    return `${s}s`;
  }
  if (seconds >= 3600) {
    const minutes = Math.round(seconds / 60);
    const h = Math.floor(minutes / 60);
    const min = minutes % 60;
    return min ? `${h}${NBSP}h${NBSP}${String(min).padStart(2, '0')}` : `${h}${NBSP}h`;
  }
  const min = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (!min) return `${s}${NBSP}s`;
  return s ? `${min}${NBSP}min ${s}${NBSP}s` : `${min}${NBSP}min`;
}

/** `techs` is one comma-separated string. */
export function splitTechs(techs: string | null | undefined): string[] {
  return (techs ?? '')
    .split(',')
    .map((tech) => tech.trim())
    .filter(Boolean);
}
