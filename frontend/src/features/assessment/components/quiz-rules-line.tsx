import { useEffect, useState } from 'react';
import type { QuizStatus } from '../assessment-types';
import { messages as m } from '../messages';

const clock = (seconds: number) => `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;

/**
 * The quiz's rules as the learner reads them: the pass mark, the attempt out of those allowed, and
 * during an attempt the time left. The server decides (its clock, ADR 0043); the countdown here
 * only shows its figure going down, refreshed each time the status is read.
 */
export function RulesLine({ status, running = false }: { status: QuizStatus; running?: boolean }) {
  const fromServer = running ? (status.current?.remaining_seconds ?? null) : null;
  const [left, setLeft] = useState(fromServer);
  useEffect(() => {
    setLeft(fromServer);
    if (fromServer === null) return;
    const started = Date.now();
    const timer = window.setInterval(() => setLeft(Math.max(0, fromServer - Math.floor((Date.now() - started) / 1000))), 1000);
    return () => window.clearInterval(timer);
  }, [fromServer]);
  const parts: string[] = [];
  if (status.pass_mark !== null) parts.push(m.rules.passMark(status.pass_mark));
  const attempt = status.current?.attempt ?? status.attempts_used + 1;
  if (status.attempts_allowed !== null) parts.push(m.rules.attemptOf(Math.min(attempt, status.attempts_allowed), status.attempts_allowed));
  if (status.time_limit !== null && left === null) parts.push(m.rules.timeLimit(status.time_limit));
  if (parts.length === 0 && left === null) return null;
  return (
    <p className="take-quiz__rules" data-testid="quiz-rules">
      {parts.join(' · ')}
      {left !== null ? (
        <span className="take-quiz__time-left" role="timer" aria-live="off">
          {parts.length ? ' · ' : ''}
          {m.rules.timeLeft(clock(left))}
        </span>
      ) : null}
    </p>
  );
}
