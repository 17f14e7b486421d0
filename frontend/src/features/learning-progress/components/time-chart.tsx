import { useId } from 'react';
import type { StudentCourseView } from '../progress-api';
import { formatSeconds, messages as m } from '../messages';

/**
 * Active time per course as horizontal bars, longest first: where the learner's training time
 * went, seen at a glance. The figures are written beside the bars, so nothing is only a colour.
 */
export function TimeChart({ courses }: { courses: readonly StudentCourseView[] }) {
  const id = useId();
  const rows = courses.filter((course) => course.time_spent > 0).sort((a, b) => b.time_spent - a.time_spent);
  const longest = rows[0]?.time_spent ?? 0;
  return (
    <section className="time-chart" aria-labelledby={id}>
      <h2 id={id} className="time-chart__title">
        {m.myCourses.chartTitle}
      </h2>
      {rows.length === 0 ? (
        <p className="time-chart__empty">{m.myCourses.chartEmpty}</p>
      ) : (
        <ul className="time-chart__rows">
          {rows.map((course) => (
            <li key={course.id} className="time-chart__row">
              <span className="time-chart__label">{course.title}</span>
              <span className="time-chart__bar" aria-hidden>
                <span style={{ width: `${Math.max(2, (course.time_spent / longest) * 100)}%` }} />
              </span>
              <span className="time-chart__value">{formatSeconds(course.time_spent)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
