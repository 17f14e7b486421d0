import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, usePagedSearch } from './use-paged-search';

describe('usePagedSearch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the typed search once the typing pauses, trimmed, back to page 1', () => {
    const { result } = renderHook(() => usePagedSearch());
    act(() => result.current.setPage(3));
    act(() => result.current.setTyped(' excel '));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect([result.current.search, result.current.page]).toEqual(['', 3]);
    act(() => vi.advanceTimersByTime(1));
    expect([result.current.search, result.current.page]).toEqual(['excel', 1]);
  });

  it('sends it at once on Enter (searchNow)', () => {
    const { result } = renderHook(() => usePagedSearch());
    act(() => result.current.setPage(2));
    act(() => result.current.searchNow('word '));
    expect([result.current.typed, result.current.search, result.current.page]).toEqual(['word ', 'word', 1]);
  });
});
