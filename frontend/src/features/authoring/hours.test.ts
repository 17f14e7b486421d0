import { describe, expect, it } from 'vitest';
import { parseDuration, typedDuration } from './hours';

describe('parseDuration', () => {
  it.each([
    ['35 h', 'hours', 2100],
    ['35', 'hours', 2100],
    ['35h', 'hours', 2100],
    ['7 h 30', 'hours', 450],
    ['7h30', 'hours', 450],
    ['1 h 05 min', 'hours', 65],
    ['7,5 h', 'hours', 450],
    ['7.5', 'hours', 450],
    ['45 min', 'hours', 45],
    ['20', 'minutes', 20],
    ['20 min', 'minutes', 20],
    ['1 h 30', 'minutes', 90],
    ['2 000 h'.replace(' ', ''), 'hours', 120000],
    [' 12 heures ', 'hours', 720],
  ] as const)('reads « %s » (bare number in %s) as %i minutes', (text, bare, minutes) => {
    expect(parseDuration(text, bare)).toEqual({ minutes });
  });

  it('reads an empty field as not declared', () => {
    expect(parseDuration('  ', 'hours')).toEqual({ minutes: null });
    expect(parseDuration(undefined, 'minutes')).toEqual({ minutes: null });
  });

  it.each([
    ['-3 h', 'Une durée ne peut pas être négative.'],
    ['2001 h', 'Une durée ne dépasse pas 2 000 heures.'],
    ['7 h 75', 'Les minutes vont de 0 à 59 (« 7 h 30 »).'],
    ['0', 'Une durée déclarée est d’au moins une minute (laissez vide si elle ne l’est pas).'],
    ['trente-cinq heures', 'Saisissez une durée comme « 35 h », « 7 h 30 », « 7,5 h » ou « 45 min ».'],
  ])('refuses « %s » in French', (text, error) => {
    expect(parseDuration(text, 'hours')).toEqual({ error });
  });
});

describe('typedDuration', () => {
  it('writes minutes as a trainer reads them, and reads back what it wrote', () => {
    expect(typedDuration(2100)).toBe('35 h');
    expect(typedDuration(450)).toBe('7 h 30');
    expect(typedDuration(65)).toBe('1 h 05');
    expect(typedDuration(45)).toBe('45 min');
    expect(typedDuration(null)).toBe('');
    for (const minutes of [2100, 450, 65, 45]) expect(parseDuration(typedDuration(minutes), 'hours')).toEqual({ minutes });
  });
});
