import { lazy, type ComponentType } from 'react';

/**
 * A component loaded on its first render, from its own module: the bundler makes that module a
 * chunk of its own, so a visitor downloads only the pages (and heavy pieces) they open
 * (docs/adr/0010). Features and areas export their pages this way; the router imports them
 * statically and pays for these wrappers only.
 */
export function lazyComponent<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(async () => ({ default: pick(await load()) }));
}
