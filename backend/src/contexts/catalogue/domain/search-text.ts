/**
 * The form in which course text is searched: lower-case, without accents or ligatures, so that
 * "modele" finds "Modèle" and "etudiant" finds "Étudiant". Stored beside the text on write and
 * applied to the search term, so the database compares plain strings.
 */
export function searchText(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A URL slug: "Gestion de projet & agilité" → "gestion-de-projet-agilite". */
export function slugify(text: string): string {
  return searchText(text).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120) || 'page';
}

/** Escapes LIKE wildcards in a user's search term. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
