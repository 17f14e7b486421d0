/**
 * The spec's client writes some messages without their accents (« Compte cree avec succes »); the product
 * writes them correctly (docs/french-wording.md). A test that quotes the spec's string matches the screen
 * through `specText`, which folds accents and case: « Compte cree avec succes » finds « Compte créé avec succès »,
 * and still fails on a different word. Dependency-free: component tests and the e2e journeys both import it.
 */
const variants: Record<string, string> = {
  a: 'aàâä',
  c: 'cç',
  e: 'eéèêë',
  i: 'iîï',
  o: 'oôö',
  u: 'uùûü',
  y: 'yÿ',
};

/** Removes diacritics (NFD, then the combining marks) and lower-cases. */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** A case-insensitive pattern that matches `spec` whatever accents either side carries. */
export function specText(spec: string): RegExp {
  const body = [...foldAccents(spec)]
    .map((ch) => (variants[ch] ? `[${variants[ch]}]` : ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  return new RegExp(body, 'i');
}
