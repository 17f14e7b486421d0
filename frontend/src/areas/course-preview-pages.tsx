import { Suspense } from 'react';
import { AdminCoursePreviewPage as AdminPreview, TrainerCoursePreviewPage as TrainerPreview } from '../features/authoring';
import { QuizPreview } from '../features/assessment';

/** A quiz step shows its quiz read only: authoring draws the preview, assessment the quiz. */
const quizView = (quizId: number) => (
  <Suspense fallback={null}>
    <QuizPreview quizId={quizId} />
  </Suspense>
);

/** /course-preview/{course_id}. */
export function TrainerCoursePreviewPage() {
  return <TrainerPreview quizView={quizView} />;
}

/** /admin-course-preview/{course_id}. */
export function AdminCoursePreviewPage() {
  return <AdminPreview quizView={quizView} />;
}
