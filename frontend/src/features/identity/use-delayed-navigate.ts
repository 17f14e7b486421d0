import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/** navigate() after a delay; the timer is dropped if the screen goes away first. */
export function useDelayedNavigate(): (path: string, delayMs: number) => void {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (path: string, delayMs: number) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => navigate(path), delayMs);
    },
    [navigate],
  );
}
