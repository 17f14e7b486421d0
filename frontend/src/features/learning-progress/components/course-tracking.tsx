import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Segmented } from 'antd';
import { useAppSelector } from '../../../lib/hooks';
import { LoadFailure, useLogFailure } from '../../../components/course';
import { Placeholder } from '../../../components/placeholder';
import { formatSeconds, messages as m } from '../messages';
import { useGetStudentCoursesQuery } from '../progress-api';
import { ProgressBar } from './progress-bar';
import { matchesFilter, PROGRESS_FILTERS, progressBand, type ProgressFilter } from './progress-band';
import '../learning-progress.css';

/**
 * The dashboard's course-tracking table (01 §2.4): every course the student follows with its
 * progress, active time and where to go next, filtered by band (all, not started, in progress,
 * completed) with each band's count. Same data as /my-courses (GET /student-courses/{id}/, a
 * projection), so both screens always agree.
 */
export function CourseTracking() {
  const headingId = useId();
  const studentId = Number(useAppSelector((state) => state.auth.studentId));
  const { data: answer, isLoading, error, refetch } = useGetStudentCoursesQuery(studentId, { skip: !Number.isInteger(studentId) || studentId <= 0 });
  // An answer that is not a list (a proxy's page, a broken server) is shown as a failure, never thrown.
  const data = Array.isArray(answer) ? answer : undefined;
  useLogFailure(error, 'suivi des cours');
  const [filter, setFilter] = useState<ProgressFilter>('all');
  const counts = useMemo(() => Object.fromEntries(PROGRESS_FILTERS.map((f) => [f, (data ?? []).filter((c) => matchesFilter(c.progress, f)).length])) as Record<ProgressFilter, number>, [data]);
  const shown = (data ?? []).filter((course) => matchesFilter(course.progress, filter));

  let body;
  if (isLoading) body = <Placeholder lines={4} />;
  else if ((error || answer !== undefined) && !data) body = <LoadFailure title={m.myCourses.loadFailed} text={m.myCourses.loadFailedText} onRetry={refetch} />;
  else if (!data || data.length === 0) {
    body = (
      <p className="course-tracking__none">
        {m.myCourses.empty}{' '}
        <Link to="/category">{m.myCourses.browse}</Link>
      </p>
    );
  } else {
    body = (
      <>
        <Segmented<ProgressFilter>
          className="my-courses__filters"
          aria-label={m.tracking.filters}
          value={filter}
          onChange={setFilter}
          options={PROGRESS_FILTERS.map((value) => ({ value, label: `${m.myCourses.filter[value]} (${counts[value]})` }))}
        />
        {shown.length === 0 ? (
          <p className="course-tracking__none">{m.myCourses.noMatch}</p>
        ) : (
          <table className="course-tracking__table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{m.tracking.course}</th>
                <th scope="col">{m.tracking.progress}</th>
                <th scope="col">{m.tracking.time}</th>
                <th scope="col">{m.tracking.status}</th>
                <th scope="col">
                  <span className="visually-hidden">{m.tracking.action}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((course) => {
                const band = progressBand(course.progress);
                return (
                  <tr key={course.id} data-testid="tracked-course">
                    <th scope="row" data-label={m.tracking.course}>
                      <Link to={`/detail/${course.id}`}>{course.title}</Link>
                    </th>
                    <td data-label={m.tracking.progress}>
                      <ProgressBar percent={course.progress} label={m.myCourses.progressLabel(course.title)} />
                    </td>
                    <td data-label={m.tracking.time}>{formatSeconds(course.time_spent)}</td>
                    <td data-label={m.tracking.status}>
                      <span className={`course-tracking__status course-tracking__status--${band}`}>{m.tracking.band[band]}</span>
                    </td>
                    <td>
                      <Link to={`/mini/${course.id}`} className="button-link button-link--ghost" aria-label={`${m.tracking.open[band]} : ${course.title}`}>
                        {m.tracking.open[band]}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </>
    );
  }
  return (
    <section className="panel course-tracking" aria-labelledby={headingId} data-testid="course-tracking">
      <div className="panel__body">
        <h2 id={headingId} className="course-tracking__title">
          {m.tracking.title}
        </h2>
        {body}
      </div>
    </section>
  );
}
