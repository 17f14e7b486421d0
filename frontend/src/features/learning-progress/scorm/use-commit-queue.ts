import { useEffect, useRef, useState } from 'react';
import { send } from '../transport';
import { newSessionId } from '../player/session-id';
import { ScormCommitQueue, type CommitAnswer, type QueueState, type ScormCommit } from './commit-queue';

/**
 * The player's one queue of SCORM commits (for every module of the page: a commit made just before
 * leaving a module is still retried after). It sends at once when the browser is back online, and
 * on `pagehide` sends the newest of each SCO with keepalive.
 */
export function useCommitQueue(student: number, onAcknowledged: (commit: ScormCommit, answer: CommitAnswer) => void) {
  const [state, setState] = useState<QueueState>({ pending: 0, failing: false });
  const acknowledged = useRef(onAcknowledged);
  acknowledged.current = onAcknowledged;
  const [queue] = useState(
    () => new ScormCommitQueue({ send, student, sessionId: newSessionId(), onChange: setState, onAcknowledged: (commit, answer) => acknowledged.current(commit, answer) }),
  );
  useEffect(() => {
    const online = () => queue.retryNow();
    const hide = () => queue.pageHide();
    const show = () => queue.pageShow();
    window.addEventListener('online', online);
    window.addEventListener('pagehide', hide);
    window.addEventListener('pageshow', show);
    // Commits an earlier visit could not send go first.
    void queue.drain();
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('pageshow', show);
    };
  }, [queue]);
  return { queue, state };
}
