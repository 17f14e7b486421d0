import { Link } from 'react-router-dom';
import { COURSE_CARD_SIZES } from '../../lib/responsive-image';
import { ClockCircleOutlined, ReadOutlined, TeamOutlined } from '@ant-design/icons';
import { CourseImage } from './course-image';
import type { CourseSummary } from './course-types';
import { PersonAvatar } from '../avatar';
import { formatDuration } from './format';
import { messages as m } from './messages';
import { RatingStars } from './rating-stars';

/** The course card of every list: image, category, title, trainer, rating and figures. */
export function CourseCard({
  course,
  titleLevel = 2,
  imageSizes = COURSE_CARD_SIZES,
  priority = false,
}: {
  course: CourseSummary;
  /** Heading level of the title inside the page's outline. */
  titleLevel?: 2 | 3;
  /** The width the grid draws the image at (an `img` `sizes`). */
  imageSizes?: string;
  /** The page's first and largest image: fetched first, not lazily. */
  priority?: boolean;
}) {
  const Title = titleLevel === 2 ? 'h2' : 'h3';
  const detail = `/detail/${course.id}`;
  return (
    <article className="course-card" data-testid="course-card">
      <Link to={detail} tabIndex={-1} aria-hidden className="course-card__cover">
        <CourseImage src={course.featured_img} sizes={imageSizes} priority={priority} placeholderClassName="course-card__placeholder" />
      </Link>
      <div className="course-card__body">
      {course.category ? (
        <Link
          to={`/course/${course.category.id}/${course.category.slug}`}
          className="course-card__category"
        >
          {course.category.title}
        </Link>
      ) : null}
      <Title className="course-card__title">
        <Link to={detail}>{course.title}</Link>
      </Title>
      {course.teacher ? (
        <Link to={`/teacher-detail/${course.teacher.id}`} className="course-card__teacher">
          <PersonAvatar size={24} src={course.teacher.profile_img} name={course.teacher.full_name} />
          <span>
            <span className="visually-hidden">{m.byTeacher} : </span>
            {course.teacher.full_name}
          </span>
        </Link>
      ) : null}
      <RatingStars value={course.course_rating} count={course.rating_count} />
      <ul className="course-card__facts">
        <li>
          <TeamOutlined aria-hidden /> {m.students(course.total_enrolled_students)}
        </li>
        <li>
          <ReadOutlined aria-hidden /> {m.chapters(course.total_chapters)}
        </li>
        {course.total_duration > 0 ? (
          <li>
            <ClockCircleOutlined aria-hidden /> {formatDuration(course.total_duration)}
          </li>
        ) : null}
      </ul>
      </div>
    </article>
  );
}
