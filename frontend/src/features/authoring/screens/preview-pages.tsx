import { useParams } from 'react-router-dom';
import { usePageTitle } from '../../../app/hooks';
import { useGetCourseContentQuery } from '../authoring-api';
import { LoadState, isNotFound } from '../components/authoring-page';
import { CoursePreview } from '../components/course-preview';
import { messages as m } from '../messages';

function PreviewPage({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  const courseId = Number(useParams().courseId);
  const { data, isLoading, isError, error } = useGetCourseContentQuery(courseId, { skip: !courseId });
  usePageTitle(data ? m.preview.title(data.title) : m.preview.titleFallback);
  if (!data) {
    return (
      <div className="course-preview">
        <h1 className="visually-hidden">{m.preview.titleFallback}</h1>
        <LoadState loading={isLoading} failed={isError} notFound={isNotFound(error) || !courseId} />
      </div>
    );
  }
  return <CoursePreview key={data.id} course={data} backTo={backTo} backLabel={backLabel} />;
}

/** /course-preview/{course_id}: the trainer's preview, back to /teacher-my-course. */
export function TrainerCoursePreviewPage() {
  return <PreviewPage backTo="/teacher-my-course" backLabel={m.preview.backToMyCourses} />;
}

/** /admin-course-preview/{course_id}: the admin's preview, back to /admin-courses. */
export function AdminCoursePreviewPage() {
  return <PreviewPage backTo="/admin-courses" backLabel={m.preview.backToAdmin} />;
}
