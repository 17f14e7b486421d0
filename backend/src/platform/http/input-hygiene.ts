/**
 * What no text field of the API accepts, whatever the endpoint (docs/adr/0009-input-hygiene.md):
 * C0 controls other than tab, newline and carriage return; DEL; C1 controls; the bidirectional
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a name read differently from
 * what it is; and lone UTF-16 surrogates, which are no character at all. PostgreSQL refuses NUL
 * outright; the others it would store and show to the next reader.
 */
const FORBIDDEN_CHARACTER =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No request of this API nests deeper; class-transformer would overflow its stack long before 5,000. */
export const MAX_NESTING = 32;

export interface InputProblem {
  /** The field at fault (`fullname`, `items[2].title`), or undefined when no field can be named. */
  field?: string;
  message: string;
}

/** An InputProblem with the rule broken, for callers that answer in another language (the xAPI resources answer in English). */
export interface InputProblemDetail extends InputProblem {
  rule: 'character' | 'key-character' | 'number' | 'nesting';
  /** The forbidden character as `U+XXXX` (rules `character` and `key-character`). */
  character?: string;
}

/** The first forbidden character of `text` as `U+XXXX`, or null. */
export function forbiddenCharacter(text: string): string | null {
  const match = FORBIDDEN_CHARACTER.exec(text);
  return match ? `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : null;
}

function label(field: string | undefined): string {
  return field ? `Le champ « ${field} »` : 'La requête';
}

/**
 * Walks a parsed body, query or path parameters without recursion (a hostile depth cannot
 * overflow the stack) and returns the first problem: a forbidden character in a value or a key,
 * a number JSON could not represent (`1e400`), or nesting deeper than MAX_NESTING. Buffers
 * (uploaded files) are binary and not looked into.
 */
export function findInputProblem(input: unknown, prefix = ''): InputProblem | null {
  const problem = findInputProblemDetail(input, prefix);
  return problem && (problem.field === undefined ? { message: problem.message } : { field: problem.field, message: problem.message });
}

/** findInputProblem, with the rule broken and the character at fault. */
export function findInputProblemDetail(input: unknown, prefix = ''): InputProblemDetail | null {
  const stack: { value: unknown; field: string; depth: number }[] = [{ value: input, field: prefix, depth: 0 }];
  while (stack.length > 0) {
    const { value, field, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const character = forbiddenCharacter(value);
      if (character) return { field: field || undefined, message: `${label(field)} contient un caractère non autorisé (${character}).`, rule: 'character', character };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { field: field || undefined, message: `${label(field)} contient un nombre hors limites.`, rule: 'number' };
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      if (depth >= MAX_NESTING) return { message: `La requête est trop imbriquée (${MAX_NESTING} niveaux au plus).`, rule: 'nesting' };
      const children = Array.isArray(value)
        ? value.map((item, index) => ({ value: item as unknown, field: `${field}[${index}]`, depth: depth + 1 }))
        : Object.entries(value).map(([key, item]) => ({ value: item, field: field ? `${field}.${key}` : key, depth: depth + 1, key }));
      for (const child of children) {
        const character = 'key' in child ? forbiddenCharacter(child.key) : null;
        if (character) return { message: `Un nom de champ contient un caractère non autorisé (${character}).`, rule: 'key-character', character };
      }
      // Pushed in reverse, so fields are looked at in the order they were sent (a loop: a spread of
      // half a million items would itself overflow).
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
  return null;
}
