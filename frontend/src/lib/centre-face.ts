import { useSyncExternalStore } from 'react';

/** The accessibility statement's status (docs/adr/0049): computed by the server, never typed. */
export type AccessibilityStatus = 'non_conforme' | 'partiellement_conforme' | 'totalement_conforme';

/** What every page shows of the centre: its name, its logo's hash, the statement's status. */
export interface CentreFace {
  nom: string | null;
  logo: string | null;
  accessibilite: { statut: AccessibilityStatus; taux: number | null };
}

/** The name pages show before the centre names itself (spec 03 §1: titles start with « LMS »). */
export const FALLBACK_BRAND = 'LMS';
const EMPTY: CentreFace = { nom: null, logo: null, accessibilite: { statut: 'non_conforme', taux: null } };

/**
 * The face the server wrote into the page (`<meta name="centre-face">`, docs/adr/0049): there at the
 * first paint, with no request. Absent (the Vite dev server, tests) or unreadable: the fallback.
 */
export function readCentreFaceFromPage(page: Document | undefined = typeof document === 'undefined' ? undefined : document): CentreFace {
  try {
    const content = page?.querySelector('meta[name="centre-face"]')?.getAttribute('content');
    return content ? { ...EMPTY, ...(JSON.parse(content) as Partial<CentreFace>) } : EMPTY;
  } catch {
    return EMPTY;
  }
}

let current: CentreFace = readCentreFaceFromPage();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function centreFace(): CentreFace {
  return current;
}

export function setCentreFace(face: CentreFace): void {
  current = face;
  listeners.forEach((listener) => listener());
}

export function useCentreFace(): CentreFace {
  return useSyncExternalStore(subscribe, centreFace, centreFace);
}

/** The brand every page shows: the centre's name, or « LMS » before it is set. */
export const brandOf = (face: CentreFace): string => face.nom ?? FALLBACK_BRAND;

/** The logo's public address (its hash in the query: a new logo is a new address). */
export const logoUrl = (face: CentreFace): string | null => (face.logo ? `/api/centre/logo/?v=${face.logo}` : null);

/** « non conforme », « partiellement conforme », « totalement conforme » (the value's words: no table in the shell). */
export const statusLabel = (status: AccessibilityStatus): string => status.replace('_', ' ');
