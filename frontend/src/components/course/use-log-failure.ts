import { useEffect } from 'react';

/** Loading failures of the catalogue are logged only (01 §8); the screen shows its own empty state. */
export function useLogFailure(error: unknown, what: string): void {
  useEffect(() => {
    if (error) console.error(`Échec du chargement : ${what}`, error);
  }, [error, what]);
}
