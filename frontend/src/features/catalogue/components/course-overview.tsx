import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ClockCircleOutlined, ReadOutlined, TeamOutlined } from '@ant-design/icons';
import { PersonAvatar } from '../../../components/avatar';
import { CourseImage, CoursePromises, formatDuration, RatingStars, splitTechs } from '../../../components/course';
import type { CourseDetail } from '../catalogue-api';
import { messages as m } from '../messages';
import { CourseProgramme } from './course-programme';

/**
 * Head of /detail/{course_id} (01 §2.3): image, title, trainer, average rating out of 5,
 * enrolled count, and the action slot the area fills with the enrolment feature's actions.
 */
export function CourseOverview({
  course,
  actions,
  children,
}: {
  course: CourseDetail;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const techs = splitTechs(course.techs);
  const chapterCount = course.course_chapters.length;
  return (
    <article className="course-detail">
      <header className="course-detail__head">
        <div className="course-detail__media">
          <CourseImage src={course.featured_img} sizes="(min-width: 992px) 50vw, 100vw" priority placeholderClassName="course-detail__placeholder" />
        </div>
        <div className="course-detail__summary">
          {course.category ? (
            <Link
              to={`/course/${course.category.id}/${course.category.slug}`}
              className="course-detail__category"
            >
              {course.category.title}
            </Link>
          ) : null}
          <h1 className="course-detail__title">{course.title}</h1>
          {course.teacher ? (
            <Link to={`/teacher-detail/${course.teacher.id}`} className="course-detail__teacher">
              <PersonAvatar src={course.teacher.profile_img} name={course.teacher.full_name} size={36} />
              <span>
                <span className="course-detail__label">{m.detail.teacher}</span>
                <span>{course.teacher.full_name}</span>
              </span>
            </Link>
          ) : null}
          <div className="course-detail__rating" data-testid="course-rating">
            <RatingStars value={course.course_rating} count={course.rating_count} size="large" />
          </div>
          <ul className="course-detail__facts">
            <li data-testid="course-enrolled-count">
              <TeamOutlined aria-hidden /> {m.detail.enrolled(course.total_enrolled_students)}
            </li>
            <li>
              <ReadOutlined aria-hidden /> {m.detail.chapters(chapterCount)}
            </li>
            {course.total_duration > 0 ? (
              <li>
                <ClockCircleOutlined aria-hidden />{' '}
                <span className="visually-hidden">{m.detail.duration} : </span>
                {formatDuration(course.total_duration)}
              </li>
            ) : null}
          </ul>
          {actions ? <div className="course-detail__actions">{actions}</div> : null}
        </div>
      </header>
      <div className="course-detail__body">
        <section className="course-detail__section" aria-labelledby="course-about">
          <h2 id="course-about">{m.detail.about}</h2>
          <p className="course-detail__description">{course.description}</p>
          {techs.length ? (
            <>
              <h3 className="course-detail__subheading">{m.detail.techs}</h3>
              <div className="course-detail__techs">
                {techs.map((tech) => (
                  <span key={tech} className="tag">
                    {tech}
                  </span>
                ))}
              </div>
            </>
          ) : null}
        </section>
        <CoursePromises course={course} />
        <CourseProgramme courseId={course.id} programme={course.programme} />
        {children}
      </div>
    </article>
  );
}
