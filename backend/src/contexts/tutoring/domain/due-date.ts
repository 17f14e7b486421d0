const PARIS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** The wall-clock time in Paris at `instant`, read as if it were UTC (to measure Paris's offset). */
function parisWallAsUtc(instant: Date): number {
  const part = Object.fromEntries(PARIS.formatToParts(instant).map((p) => [p.type, p.value]));
  return Date.UTC(Number(part.year), Number(part.month) - 1, Number(part.day), Number(part.hour), Number(part.minute), Number(part.second));
}

/**
 * A due date given as a day (`YYYY-MM-DD`, a day of the centre) is due until its last second in
 * Paris: 23:59:59 Europe/Paris, summer or winter time (docs/adr/0044).
 */
export function endOfParisDay(day: string): Date {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  // Paris's offset at that midnight (computed at the UTC instant of the same wall time, exact except within a change of time, never at midnight in France).
  const offset = parisWallAsUtc(next) - next.getTime();
  return new Date(next.getTime() - offset - 1000);
}
