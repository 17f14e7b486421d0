import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Segmented } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useAppSelector } from '../../../lib/hooks';
import { LoadFailure, useLogFailure } from '../../../components/course';
import { Placeholder } from '../../../components/placeholder';
import { WorkPage } from '../../../components/work-page';
import { ProgressBar } from '../components/progress-bar';
import { matchesFilter, PROGRESS_FILTERS, progressBand, type ProgressFilter } from '../components/progress-band';
import { TimeChart } from '../components/time-chart';
import { messages as m } from '../messages';
import { useGetStudentCoursesQuery, type StudentCourseView } from '../progress-api';
import '../learning-progress.css';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });

function CourseCard({ course }: { course: StudentCourseView }) {
  const [imageFailed, setImageFailed] = useState(false);
  const band = progressBand(course.progress);
  const trainers = course.formateurs.map((t) => `${t.prenom} ${t.nom}`.trim()).join(', ');
  return (
    <article className="my-course" data-testid="my-course">
      <div className="my-course__cover">{imageFailed || !course.featured_img ? <span className="my-course__placeholder" /> : <img src={course.featured_img} alt="" loading="lazy" onError={() => setImageFailed(true)} />}</div>
      <div className="my-course__body">
        <h2 className="my-course__title">
          <Link to={`/detail/${course.id}`}>{course.title}</Link>
        </h2>
        {trainers ? (
          <p className="my-course__meta">
            {m.myCourses.trainers} : {trainers}
          </p>
        ) : null}
        <ProgressBar percent={course.progress} label={m.myCourses.progressLabel(course.title)} />
        <p className="my-course__meta">
          {m.myCourses.activeTime(course.time_spent)}
          <br />
          {course.completed_at ? m.myCourses.completedOn(dateOf(course.completed_at)) : m.myCourses.enrolledOn(dateOf(course.enrollment_date))}
        </p>
        <div className="my-course__actions">
          <Link to={`/mini/${course.id}`} className="button-link">
            {band === 'completed' ? m.myCourses.review : band === 'in_progress' ? m.myCourses.resume : m.myCourses.start}
          </Link>
          <Link to={`/detail/${course.id}`} className="button-link button-link--ghost">
            {m.myCourses.detail}
          </Link>
          <Link to={`/user/study-material/${course.id}`} className="button-link button-link--ghost">
            {m.myCourses.documents}
          </Link>
          <Link to={`/my-courses/${course.id}/releve`} className="button-link button-link--ghost" aria-label={m.myCourses.transcriptOf(course.title)}>
            {m.myCourses.transcript}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** /my-courses (01 §2.4): the courses the student follows, filtered by progress band, with their bars and an active-time chart. */
export function MyCoursesPage() {
  const studentId = Number(useAppSelector((state) => state.auth.studentId));
  const { data, isLoading, error, refetch } = useGetStudentCoursesQuery(studentId, { skip: !Number.isInteger(studentId) || studentId <= 0 });
  useLogFailure(error, 'mes cours');
  const [filter, setFilter] = useState<ProgressFilter>('all');
  const counts = useMemo(() => Object.fromEntries(PROGRESS_FILTERS.map((f) => [f, (data ?? []).filter((c) => matchesFilter(c.progress, f)).length])) as Record<ProgressFilter, number>, [data]);
  const shown = (data ?? []).filter((course) => matchesFilter(course.progress, filter));

  let body;
  if (isLoading) body = <Placeholder lines={6} />;
  else if (error && !data) {
    body = <LoadFailure title={m.myCourses.loadFailed} text={m.myCourses.loadFailedText} onRetry={refetch} />;
  } else if (!data || data.length === 0) {
    body = (
      <div className="my-courses__empty">
        <InboxOutlined aria-hidden className="my-courses__empty-icon" />
        <p>{m.myCourses.empty}</p>
        <Link to="/category" className="button-link">
          {m.myCourses.browse}
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="my-courses">
        <div className="my-courses__main">
          <Segmented<ProgressFilter>
            className="my-courses__filters"
            aria-label={m.myCourses.filters}
            value={filter}
            onChange={setFilter}
            options={PROGRESS_FILTERS.map((value) => ({ value, label: `${m.myCourses.filter[value]} (${counts[value]})` }))}
          />
          {shown.length === 0 ? (
            <p className="my-courses__none">{m.myCourses.noMatch}</p>
          ) : (
            <ul className="my-courses__grid">
              {shown.map((course) => (
                <li key={course.id}>
                  <CourseCard course={course} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <aside className="my-courses__aside">
          <TimeChart courses={data} />
        </aside>
      </div>
    );
  }
  return (
    <WorkPage title={m.myCourses.title} testId="my-courses-page">
      <p className="my-courses__intro">{m.myCourses.intro}</p>
      {body}
    </WorkPage>
  );
}
