import { describe, expect, it } from 'vitest';
import { applyOrder } from '../authoring-api';
import { reorderedIds } from './structure-table';

const chapters = [
  { id: 11, order: 1, title: 'A' },
  { id: 12, order: 2, title: 'B' },
  { id: 13, order: 5, title: 'C' },
  { id: 14, order: 9, title: 'D' },
];

describe('reordering after a drag and drop', () => {
  it('moves the dragged item to where it was dropped', () => {
    expect(reorderedIds([11, 12, 13, 14], 14, 12)).toEqual([11, 14, 12, 13]);
    expect(reorderedIds([11, 12, 13, 14], 11, 14)).toEqual([12, 13, 14, 11]);
  });

  it('does nothing when dropped on itself or outside the list', () => {
    expect(reorderedIds([11, 12], 11, 11)).toBeNull();
    expect(reorderedIds([11, 12], 11, null)).toBeNull();
    expect(reorderedIds([11, 12], 11, 99)).toBeNull();
  });

  it('numbers every item of the list 1..n in its new place, whatever the old orders were', () => {
    const ids = reorderedIds(chapters.map((c) => c.id), 13, 11)!;
    const moved = applyOrder(chapters, ids);
    expect(moved.map((c) => [c.title, c.order])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
      ['D', 4],
    ]);
  });
});
