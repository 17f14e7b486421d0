import { vi } from 'vitest';

/**
 * Draws the screens at a phone's width for the current test: every max-width query matches and
 * no min-width one (jsdom matches none by default, which antd's grid reads as a phone and
 * lib/use-narrow-screen.ts as a wide screen). Undone after the test (restoreMocks).
 */
export function atPhoneWidth(): void {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...matchMedia(query), matches: query.includes('max-width') }));
}
