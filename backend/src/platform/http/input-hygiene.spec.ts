import { findInputProblem, forbiddenCharacter, MAX_NESTING } from './input-hygiene.js';

describe('input hygiene', () => {
  it.each([
    ['\u0000', 'U+0000'],
    ['\u0001', 'U+0001'],
    ['\u001b[31m', 'U+001B'],
    ['\u007f', 'U+007F'],
    ['\u0085', 'U+0085'],
    ['\u009f', 'U+009F'],
    ['\u202a', 'U+202A'],
    ['\u202e', 'U+202E'],
    ['\u2066', 'U+2066'],
    ['\u2069', 'U+2069'],
    ['\ud800', 'U+D800'],
    ['a\udc00', 'U+DC00'],
  ])('refuses %j', (text, code) => {
    expect(forbiddenCharacter(`Léa ${text} Dubois`)).toBe(code);
  });

  it.each(['Léa Dubois', 'ligne 1\nligne 2\r\n\tfin', 'Zoë, Ægir, Łukasz, 北京, عربى', 'emoji 👩‍🏫 (surrogate pair)', '\u200d\u00a0\u2028'])('accepts %j', (text) => {
    expect(forbiddenCharacter(text)).toBeNull();
  });

  it('names the field, nested ones with their path, in the order they were sent', () => {
    expect(findInputProblem({ fullname: 'Léa\u0000', email: 'x\u0001' })).toEqual({ field: 'fullname', message: 'Le champ « fullname » contient un caractère non autorisé (U+0000).' });
    expect(findInputProblem({ a: 'ok', items: [{ title: 'ok' }, { title: 'x\u202e' }] })?.field).toBe('items[1].title');
    expect(findInputProblem('texte\u0000')).toEqual({ field: undefined, message: 'La requête contient un caractère non autorisé (U+0000).' });
  });

  it('refuses a forbidden character in a key, without naming it', () => {
    expect(findInputProblem({ 'a\u0000b': 1 })).toEqual({ message: 'Un nom de champ contient un caractère non autorisé (U+0000).' });
  });

  it('refuses numbers JSON cannot represent', () => {
    expect(findInputProblem({ course: Infinity })?.message).toBe('Le champ « course » contient un nombre hors limites.');
    expect(findInputProblem({ course: Number.NaN })?.field).toBe('course');
    expect(findInputProblem({ course: 1e300, rating: -1 })).toBeNull();
  });

  it('refuses nesting beyond the limit without overflowing, however deep', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(findInputProblem(deep)?.message).toBe(`La requête est trop imbriquée (${MAX_NESTING} niveaux au plus).`);
    const atLimit = JSON.parse('{"a":'.repeat(MAX_NESTING) + '1' + '}'.repeat(MAX_NESTING));
    expect(findInputProblem(atLimit)).toBeNull();
    const beyond = JSON.parse('{"a":'.repeat(MAX_NESTING + 1) + '{}' + '}'.repeat(MAX_NESTING + 1));
    expect(findInputProblem(beyond)).not.toBeNull();
  });

  it('walks a wide body and leaves files (Buffers) alone', () => {
    expect(findInputProblem({ list: Array.from({ length: 300_000 }, () => 'x') })).toBeNull();
    expect(findInputProblem({ profile_img: Buffer.from([0, 1, 0x1b, 0x7f]) })).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
    expect(findInputProblem(null)).toBeNull();
  });
});
