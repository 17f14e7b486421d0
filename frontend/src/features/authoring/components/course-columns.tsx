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

export function descriptionColumn<T extends CourseRow>(responsive: TableColumnType<T>['responsive']): TableColumnType<T> {
  return { key: 'description', title: m.myCourses.description, responsive, render: (_, course) => truncate(course.description) };
}

export function durationColumn<T>(seconds: (row: T) => number, style: 'reading' | 'admin', responsive: TableColumnType<T>['responsive']): TableColumnType<T> {
  return { key: 'duration', title: m.myCourses.duration, width: 120, responsive, render: (_, row) => formatDuration(seconds(row), style) };
}
