import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { LockOutlined } from '@ant-design/icons';
import { LOGIN_PATHS } from '../../../lib/session';
import { messages as m } from '../messages';
import { useEnrolmentState } from '../use-enrolment-state';

const StudentCourseActions = lazy(() => import('./student-course-actions'));

/**
 * The action area of /detail/{course_id} (01 §2.3, §6): 'Connexion requise' for visitors; a
 * student's enrol, rate and favourite buttons, loaded for students only. The callbacks let the
 * page patch the course figures.
 */
export function CourseActions({
  courseId,
  onEnrolled,
  onRated,
}: {
  courseId: number;
  onEnrolled?: () => void;
  onRated?: (rating: number) => void;
}) {
  const { studentId } = useEnrolmentState(courseId);
  if (studentId === null) {
    return (
      <div className="course-actions" aria-label={m.actions.label} role="group">
        <Link to={LOGIN_PATHS.student} className="button-link button-link--large">
          <LockOutlined aria-hidden /> {m.actions.loginRequired}
        </Link>
        <p className="course-actions__hint">{m.actions.loginHint}</p>
      </div>
    );
  }
  return (
    <Suspense fallback={<div className="course-actions course-actions--loading" />}>
      <StudentCourseActions studentId={studentId} courseId={courseId} onEnrolled={onEnrolled} onRated={onRated} />
    </Suspense>
  );
}
