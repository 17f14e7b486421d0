import type { ReactNode } from 'react';
import type { TableColumnType } from 'antd';
import { formatDuration } from '../../../components/course';
import { messages as m } from '../messages';
import { truncate } from './truncate';

type CourseRow = { featured_img: string; description: string };

/** The columns the trainer's and the admin's course lists share: image, description cut at 80, duration. */
export function imageColumn<T extends CourseRow>(): TableColumnType<T> {
  return {
    key: 'image',
    title: m.myCourses.image,
    width: 96,
    responsive: ['md'],
    render: (_, course) => <img className="course-thumb" src={course.featured_img} alt="" width={80} height={45} loading="lazy" />,
  };
}

/**
 * The title with the description under it, cut at 80 characters: one column rather than two, so
 * the counts and the actions stay on screen beside the side menu.
 */
export function titleColumn<T extends CourseRow & { title: string }>(title: (course: T) => ReactNode = (course) => course.title): TableColumnType<T> {
  return {
    key: 'title',
    title: `${m.myCourses.courseTitle} et ${m.myCourses.description.toLowerCase()}`,
    render: (_, course) => (
      <div className="course-cell">
        <strong className="course-cell__title">{title(course)}</strong>
        {course.description ? <span className="course-cell__description">{truncate(course.description)}</span> : null}
      </div>
    ),
  };
}

export function durationColumn<T>(seconds: (row: T) => number, style: 'reading' | 'admin', responsive: TableColumnType<T>['responsive']): TableColumnType<T> {
  return { key: 'duration', title: m.myCourses.duration, width: 120, responsive, render: (_, row) => <span className="nowrap">{formatDuration(seconds(row), style)}</span> };
}
