/** Duration from seconds, as the spec shows it: 'Xh Ymin Zs', 'Ymin Zs' or 'Zs' (03, constant 75). */
export function formatDuration(totalSeconds: number | null | undefined): string {
  const seconds = Math.max(0, Math.round(totalSeconds ?? 0));
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h ${min}min ${s}s`;
  if (min > 0) return `${min}min ${s}s`;
  return `${s}s`;
}

/** `techs` is one comma-separated string. */
export function splitTechs(techs: string | null | undefined): string[] {
  return (techs ?? '')
    .split(',')
    .map((tech) => tech.trim())
    .filter(Boolean);
}

/** Initials for an avatar: first letters of the first two words, else the first two letters. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  return (words[0] ?? 'UN').slice(0, 2).toUpperCase();
}
