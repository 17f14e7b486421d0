import { lazy, Suspense } from 'react';
import { LockOutlined } from '@ant-design/icons';
import { StatusMessage } from '../../../components/status';
import type { CourseDetail } from '../catalogue-api';
import { messages as m } from '../messages';

// The chapter list (antd Collapse) loads for enrolled students only.
const CourseOutline = lazy(() => import('./course-outline'));

/** 'Contenu en cours de préparation': a course without chapters (01 §2.3). */
export function ContentInPreparation() {
  return (
    <section className="course-detail__section">
      <StatusMessage kind="preparing" title={m.detail.preparing} text={m.detail.preparingText} />
    </section>
  );
}

/**
 * Content of a course: enrolled students get the collapsible chapter list and the button to the
 * player; others a line telling what enrolling opens.
 */
export function CourseContents({ course, enrolled }: { course: CourseDetail; enrolled: boolean }) {
  const chapters = course.course_chapters;
  if (chapters.length === 0) return <ContentInPreparation />;
  if (!enrolled) {
    return (
      <section className="course-detail__section course-detail__locked">
        <LockOutlined aria-hidden /> {m.detail.contentLocked(chapters.length)}
      </section>
    );
  }
  return (
    <Suspense fallback={<section className="course-detail__section course-detail__outline-loading" />}>
      <CourseOutline course={course} />
    </Suspense>
  );
}
