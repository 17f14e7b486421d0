import { useSyncExternalStore } from 'react';

/** Below antd's grid breakpoints: sm 576 px (a phone), md 768 px (a tablet), lg 992 px (a laptop). */
const BELOW = { sm: '(max-width: 575px)', md: '(max-width: 767px)', lg: '(max-width: 991px)' } as const;
export type Breakpoint = keyof typeof BELOW;

/** Whether the window is narrower than antd's `below` breakpoint now (for a first state). */
export function isNarrowScreen(below: Breakpoint): boolean {
  return window.matchMedia(BELOW[below]).matches;
}

/**
 * Whether the window is narrower than antd's `below` breakpoint, following it as it changes: the
 * tables keep their essential columns there, the course player puts its outline in a drawer.
 */
export function useNarrowScreen(below: Breakpoint): boolean {
  return useSyncExternalStore(
    (changed) => {
      const media = window.matchMedia(BELOW[below]);
      media.addEventListener('change', changed);
      return () => media.removeEventListener('change', changed);
    },
    () => isNarrowScreen(below),
  );
}
