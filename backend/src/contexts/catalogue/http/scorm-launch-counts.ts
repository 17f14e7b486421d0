/**
 * The `_count` of the run-time's lists, kept by the launch page in step with the package's writes
 * (docs/adr/0025). scorm-again's CrossFrameAPI answers GetValue at once from a cache that holds what
 * the package set and what the player last answered; a `_count` is neither, so it read `""` (or the
 * previous count) until the player's answer came back, and a package adding interactions at index
 * `_count` (Storyline, complexscorm) wrote them all over interaction 0. The run-time creates the
 * record n of a list when the package writes any of its fields, the list's count becoming n + 1 at
 * the latest: the launch page does the same in its cache, for every list a key names
 * (`cmi.interactions.3.objectives.0.id` counts interaction 3 and its objective 0), and a new
 * interaction's own lists start at 0. The player's later answers still correct the cache.
 *
 * These functions run in the launch page (inlined by their source): plain JavaScript, nothing
 * from outside them.
 */

/** The lists every SCO starts with, empty. */
export const SCORM_LISTS: Record<'1.2' | '2004', string[]> = {
  '1.2': ['cmi.interactions', 'cmi.objectives'],
  '2004': ['cmi.interactions', 'cmi.objectives', 'cmi.comments_from_learner', 'cmi.comments_from_lms'],
};

/** After the package (or the saved state) gave `key` a value: the counts of the lists it names, in `cache`; `stamps` marks them as set here. */
export function countWrite(cache: Map<string, string>, stamps: Map<string, number>, key: string): void {
  const index = /\.(\d+)\./g;
  let match: RegExpExecArray | null;
  while ((match = index.exec(key)) !== null) {
    const list = key.slice(0, match.index);
    const count = Number(match[1]) + 1;
    const known = Number(cache.get(`${list}._count`)) || 0;
    if (count > known) {
      cache.set(`${list}._count`, String(count));
      stamps.set(`${list}._count`, Date.now());
    }
    if (list === 'cmi.interactions') {
      for (const inner of ['objectives', 'correct_responses']) {
        const innerKey = `${list}.${match[1]}.${inner}._count`;
        if (!cache.has(innerKey)) {
          cache.set(innerKey, '0');
          stamps.set(innerKey, Date.now());
        }
      }
    }
    index.lastIndex = match.index + 1;
  }
}

/** The counts of the saved state just put in `cache`: each list empty unless a saved key fills it. */
export function countSaved(cache: Map<string, string>, stamps: Map<string, number>, lists: string[]): void {
  for (const list of lists) if (!cache.has(`${list}._count`)) cache.set(`${list}._count`, '0');
  for (const key of Array.from(cache.keys())) countWrite(cache, stamps, key);
}
