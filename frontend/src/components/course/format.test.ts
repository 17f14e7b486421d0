import { describe, expect, it } from 'vitest';
import { formatDuration, splitTechs } from './format';

/** The no-break spaces written as plain spaces, to read the expectations. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatDuration', () => {
  describe('for reading (cards, lists, course outline)', () => {
    it.each([
      [0, '0 s'],
      [45, '45 s'],
      [60, '1 min'],
      [150, '2 min 30 s'],
      [3000, '50 min'],
      [3599, '59 min 59 s'],
      [3600, '1 h'],
      [4500, '1 h 15'],
      [3900, '1 h 05'],
      [4529, '1 h 15'],
      [4530, '1 h 16'],
      [7170, '2 h'],
      [36_000, '10 h'],
    ])('%i s reads "%s"', (seconds, expected) => {
      expect(plain(formatDuration(seconds))).toBe(expected);
    });

    it('keeps each figure with its unit on one line', () => {
      expect(formatDuration(4500)).toBe('1\u00a0h\u00a015');
      expect(formatDuration(150)).toBe('2\u00a0min 30\u00a0s');
    });

    it('reads a missing or negative duration as 0 s', () => {
      expect(plain(formatDuration(null))).toBe('0 s');
      expect(plain(formatDuration(undefined))).toBe('0 s');
      expect(plain(formatDuration(-5))).toBe('0 s');
    });
  });

  describe("in the back office's format (03 §7)", () => {
    it.each([
      [4500, '1h 15min 0s'],
      [150, '2min 30s'],
      [45, '45s'],
    ])('%i s reads "%s"', (seconds, expected) => {
      expect(formatDuration(seconds, 'admin')).toBe(expected);
    });
  });
});

describe('splitTechs', () => {
  it('splits the comma-separated list and drops blanks', () => {
    expect(splitTechs(' React, TypeScript ,,Node ')).toEqual(['React', 'TypeScript', 'Node']);
    expect(splitTechs(null)).toEqual([]);
  });
});
