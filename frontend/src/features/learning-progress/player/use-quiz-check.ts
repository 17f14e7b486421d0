import { useEffect, useRef, useState } from 'react';
import { keyOfRecord } from './player-steps';

/** After a quiz's last answer, GET /progress/ is read again until the step shows validated. */
const QUIZ_POLL_MS = 1_000;
const QUIZ_POLL_TIMES = 15;

/**
 * After the quiz's last answer, assessment's QuizCompleted validates the step on the server a
 * moment later: the records are read again every second (15 times at most) until the step shows
 * validated. `checking` says it is under way; `stop` forgets it (another step is shown).
 */
export function useQuizCheck(refetch: () => Promise<readonly { validated: boolean; chapter: number | null; subchapter: number | null }[] | null>) {
  const [checking, setChecking] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const check = (key: string) => {
    setChecking(true);
    let tries = 0;
    const poll = async () => {
      const records = await refetch();
      const done = records?.some((record) => record.validated && keyOfRecord(record) === key);
      if (done || ++tries >= QUIZ_POLL_TIMES) setChecking(false);
      else timer.current = window.setTimeout(() => void poll(), QUIZ_POLL_MS);
    };
    void poll();
  };
  return { checking, check, stop: () => setChecking(false) };
}
