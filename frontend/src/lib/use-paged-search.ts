import { useEffect, useState } from 'react';

/** Every list's search waits this long for the typing to pause (the spec's figure, 03 §5: 400 ms). */
export const SEARCH_DEBOUNCE_MS = 400;

/**
 * A server-paged list's search and page: what is typed, the search sent once the typing pauses
 * (or at once on Enter, through `searchNow`), and the page, back to 1 whenever that search changes.
 */
export function usePagedSearch(delayMs = SEARCH_DEBOUNCE_MS) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const searchNow = (value: string) => {
    setTyped(value);
    setSearch(value.trim());
    setPage(1);
  };
  useEffect(() => {
    const next = typed.trim();
    if (next === search) return undefined;
    const timer = window.setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [typed, search, delayMs]);
  return { typed, setTyped, searchNow, search, page, setPage };
}
