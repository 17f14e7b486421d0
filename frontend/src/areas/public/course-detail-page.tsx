import { Link, useParams } from 'react-router-dom';
import { usePageTitle } from '../../lib/hooks';
import { LoadFailure, useLogFailure } from '../../components/course';
import { Placeholder } from '../../components/placeholder';
import { StatusMessage } from '../../components/status';
import {
  catalogueMessages,
  CourseContents,
  CourseOverview,
  useCourseStatsPatch,
  useGetCourseQuery,
} from '../../features/catalogue';
import { CourseActions, useEnrolmentState } from '../../features/enrolment';

const m = catalogueMessages.detail;

/**
 * /detail/{course_id} (01 §2.3): the catalogue's course and the enrolment feature's actions,
 * wired together here so that neither feature knows the other. After an enrolment or a rating
 * the course's figures are patched locally: the server's projections may lag a moment.
 */
export function CourseDetailPage() {
  const { courseId } = useParams();
  const id = Number(courseId);
  const valid = Number.isInteger(id) && id > 0;
  const { data: course, isLoading, error, refetch } = useGetCourseQuery(id, { skip: !valid });
  const { enrolled } = useEnrolmentState(id);
  const stats = useCourseStatsPatch(id);
  useLogFailure(error, `cours ${courseId}`);
  usePageTitle(course?.title ?? m.pageTitle);

  if (isLoading) {
    return (
      <div className="content-page">
        <Placeholder image="wide" lines={6} />
      </div>
    );
  }
  if (!course) {
    const status = (error as { status?: unknown } | undefined)?.status;
    if (!valid || status === 404) {
      return (
        <StatusMessage
          kind="not-found"
          level={1}
          title={m.notFoundTitle}
          text={m.notFoundText}
          extra={
            <Link to="/all-courses" className="button-link">
              {m.backToCourses}
            </Link>
          }
        />
      );
    }
    return <LoadFailure onRetry={refetch} />;
  }

  return (
    <div className="content-page">
      <CourseOverview
        course={course}
        actions={<CourseActions courseId={id} onEnrolled={stats.enrolled} onRated={stats.rated} />}
      >
        <CourseContents course={course} enrolled={enrolled} />
      </CourseOverview>
    </div>
  );
}
