import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('the admin course pagination', () => {
  it('shows every page up to 7', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('beyond 7, shows 5 pages around the current one with the first, the last and ellipses', () => {
    expect(pageWindow(6, 12)).toEqual([1, 'gap-before', 4, 5, 6, 7, 8, 'gap-after', 12]);
  });

  it('keeps 5 pages at both ends', () => {
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5, 'gap-after', 12]);
    expect(pageWindow(12, 12)).toEqual([1, 'gap-before', 8, 9, 10, 11, 12]);
    expect(pageWindow(3, 8)).toEqual([1, 2, 3, 4, 5, 'gap-after', 8]);
  });

  it('writes no ellipsis between the first page and a window right after it', () => {
    expect(pageWindow(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 'gap-after', 8]);
  });
});
