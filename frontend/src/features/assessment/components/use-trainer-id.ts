import { useAppSelector } from '../../../lib/hooks';

/** The trainer's id, as a number, or undefined when the session has none (02 §5). */
export function useTrainerId(): number | undefined {
  const stored = useAppSelector((state) => state.auth.teacherId);
  const id = Number(stored);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
