import { messages as m } from '../messages';

/** How many messages of the other side wait to be read; nothing when none. */
export function UnreadBadge({ count }: { count: number }) {
  if (!count) return null;
  return (
    <span className="unread-badge" data-testid="unread-badge">
      <span aria-hidden>{count}</span>
      <span className="visually-hidden">{m.common.unread(count)}</span>
    </span>
  );
}

/**
 * A homework's state: 'Terminé' once the student marked it done, else 'En attente' (01 §2.4, 02 §4);
 * done without anything handed in, 'sans rendu' beside it (docs/adr/0044).
 */
export function HomeworkStatus({ done, handedIn = true }: { done: boolean; handedIn?: boolean }) {
  return (
    <span className="homework-status-group">
      <span className={done ? 'homework-status homework-status--done' : 'homework-status'}>{done ? m.homework.done : m.homework.pending}</span>
      {done && !handedIn ? <span className="homework-status homework-status--none">{m.homework.withoutSubmission}</span> : null}
    </span>
  );
}
