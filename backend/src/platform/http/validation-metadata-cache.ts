import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type TargetMetadatas = Storage['getTargetValidationMetadatas'];

const MEMOIZED = Symbol('lms:memoized-target-metadatas');

/**
 * class-validator looks up a class's validation metadata for every body it validates by filtering
 * its whole storage: an `instanceof` test against every validated class of the API (a few hundred),
 * for the inherited rules. The answer depends only on the class and the options, and changes only
 * when metadata is added (the decorators, while the modules load): it is kept per class and
 * options, and forgotten whenever metadata is added. Each process keeps its own copy of what its
 * own code declares, so several nodes never disagree (docs/adr/0043, item 11). Each caller gets
 * its own array, as before.
 */
export function memoizeValidationMetadata(storage: Storage = getMetadataStorage()): void {
  const marked = storage as Storage & { [MEMOIZED]?: true };
  if (marked[MEMOIZED]) return;
  marked[MEMOIZED] = true;
  const lookup: TargetMetadatas = storage.getTargetValidationMetadatas.bind(storage);
  let known = new Map<unknown, Map<string, ReturnType<TargetMetadatas>>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups === undefined ? '' : JSON.stringify(groups)}`;
    let forTarget = known.get(target);
    if (!forTarget) known.set(target, (forTarget = new Map()));
    let found = forTarget.get(key);
    if (!found) forTarget.set(key, (found = lookup(target, schema, always, strictGroups, groups)));
    return found.slice();
  };
  for (const method of ['addValidationMetadata', 'addConstraintMetadata'] as const) {
    const add = storage[method].bind(storage) as (metadata: never) => void;
    (storage as unknown as Record<string, (metadata: never) => void>)[method] = (metadata) => {
      known = new Map();
      add(metadata);
    };
  }
}
