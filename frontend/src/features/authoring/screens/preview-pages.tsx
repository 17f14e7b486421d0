import { useParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/hooks';
import type { QuizStepView } from '../../../components/content-step';
import { useGetChaptersQuery, useGetCourseOverviewQuery } from '../authoring-api';
import { LoadState, isNotFound } from '../components/authoring-page';
import { CoursePreview, type ScormStepView } from '../components/course-preview';
import { messages as m } from '../messages';

/**
 * The steps come from GET /course-chapters/{id} (their content: the public GET /course/{id} gives
 * the outline only), the title from GET /course/{id}.
 */
function PreviewPage({ backTo, backLabel, quizView, scormView }: { backTo: string; backLabel: string; quizView?: QuizStepView; scormView?: ScormStepView }) {
  const courseId = Number(useParams().courseId);
  const chapters = useGetChaptersQuery(courseId, { skip: !courseId });
  const course = useGetCourseOverviewQuery(courseId, { skip: !courseId });
  const title = course.data?.title ?? chapters.data?.[0]?.course_title;
  usePageTitle(title ? m.preview.title(title) : m.preview.titleFallback);
  if (!chapters.data || !title) {
    const loading = chapters.isLoading || course.isLoading;
    return (
      <div className="course-reader">
        <h1 className="visually-hidden">{m.preview.titleFallback}</h1>
        <LoadState loading={loading} failed={chapters.isError || course.isError} notFound={isNotFound(chapters.error) || isNotFound(course.error) || !courseId} />
      </div>
    );
  }
  return <CoursePreview key={courseId} title={title} chapters={chapters.data} backTo={backTo} backLabel={backLabel} quizView={quizView} scormView={scormView} />;
}

/** A quiz step's quiz as the area composes it from the assessment feature. */
interface PreviewProps {
  quizView?: QuizStepView;
  /** A SCORM step with the player's run-time in browse mode (learning progress's). */
  scormView?: ScormStepView;
}

/** /course-preview/{course_id}: the trainer's preview, back to /teacher-my-course. */
export function TrainerCoursePreviewPage({ quizView, scormView }: PreviewProps) {
  return <PreviewPage backTo="/teacher-my-course" backLabel={m.preview.backToMyCourses} quizView={quizView} scormView={scormView} />;
}

/** /admin-course-preview/{course_id}: the admin's preview, back to /admin-courses. */
export function AdminCoursePreviewPage({ quizView, scormView }: PreviewProps) {
  return <PreviewPage backTo="/admin-courses" backLabel={m.preview.backToAdmin} quizView={quizView} scormView={scormView} />;
}
