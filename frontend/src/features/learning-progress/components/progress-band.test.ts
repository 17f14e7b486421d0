import { describe, expect, it } from 'vitest';
import { matchesFilter, progressBand, progressColour } from './progress-band';

describe('progress bands and colours (01 §4)', () => {
  it('colours the bar grey at 0, orange below 50, yellow from 50 to 99, green at 100', () => {
    expect([0, 1, 49, 50, 99, 100].map(progressColour)).toEqual(['grey', 'orange', 'orange', 'yellow', 'yellow', 'green']);
  });

  it('puts 0 in not started, 1 to 99 in progress, 100 completed, and filters by band', () => {
    expect([0, 1, 99, 100].map(progressBand)).toEqual(['not_started', 'in_progress', 'in_progress', 'completed']);
    expect([0, 40, 100].filter((p) => matchesFilter(p, 'in_progress'))).toEqual([40]);
    expect([0, 40, 100].filter((p) => matchesFilter(p, 'all'))).toEqual([0, 40, 100]);
  });
});
