import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The page of a paged list, kept in the address (`?page=2`) so that Back and links keep it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(raw) && raw > 0 ? raw : 1;
  const setPage = useCallback(
    (next: number) => {
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      });
      window.scrollTo?.({ top: 0, behavior: 'smooth' });
    },
    [setParams],
  );
  return [page, setPage];
}
