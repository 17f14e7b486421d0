import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './state';
import { sessionChanged } from './auth-slice';
import { onLogoutElsewhere, readSession } from './session';
import { brandOf, useCentreFace } from './centre-face';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/**
 * Every page title starts with the centre's name (docs/adr/0049: « Horizon Compétences | Tableau de
 * bord étudiant »), « LMS » before the centre is named (03 §1).
 */
export function usePageTitle(title: string): void {
  const brand = brandOf(useCentreFace());
  useEffect(() => {
    document.title = `${brand} | ${title}`;
  }, [brand, title]);
}

/** Returns a function that copies localStorage into the Redux mirror. */
export function useSyncSession(): () => void {
  const dispatch = useAppDispatch();
  return useCallback(() => {
    dispatch(sessionChanged(readSession()));
  }, [dispatch]);
}

/** Navigation-state poll of 01 §2.2: every 500 ms and on `storage` events (other tabs). */
export const SESSION_POLL_MS = 500;

export function useSessionPolling(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const sync = () => dispatch(sessionChanged(readSession()));
    const timer = window.setInterval(sync, SESSION_POLL_MS);
    window.addEventListener('storage', sync);
    // A logout in another tab (docs/adr/0029): this tab forgets its token and follows at once.
    const unsubscribe = onLogoutElsewhere(sync);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', sync);
      unsubscribe();
    };
  }, [dispatch]);
}
