import type { ReactNode } from 'react';
import type { Homework } from '../tutoring-types';
import { HomeworkStatus } from './badges';

/** Homework, each with its title, state badge, detail (as written, line breaks kept), who gave it and when, and an action. */
export function HomeworkList({ items, meta, action }: { items: Homework[]; meta: (homework: Homework) => string; action?: (homework: Homework) => ReactNode }) {
  return (
    <ul className="homework-list">
      {items.map((homework) => (
        <li key={homework.id} className="homework" data-testid="homework">
          <div className="homework__head">
            <h2 className="homework__title">{homework.title}</h2>
            <HomeworkStatus done={homework.student_status} />
          </div>
          <p className="homework__detail">{homework.detail}</p>
          <div className="homework__foot">
            <p className="homework__meta">{meta(homework)}</p>
            {action?.(homework)}
          </div>
        </li>
      ))}
    </ul>
  );
}
