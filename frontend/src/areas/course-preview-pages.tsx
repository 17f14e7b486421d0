import { Suspense } from 'react';
import { AdminCoursePreviewPage as AdminPreview, TrainerCoursePreviewPage as TrainerPreview } from '../features/authoring';
import { QuizPreview } from '../features/assessment';
import { ScormPreview } from '../features/learning-progress';
import type { ChapterView } from '../lib/api-schema';

/** A quiz step shows its quiz read only: authoring draws the preview, assessment the quiz. */
const quizView = (quizId: number) => (
  <Suspense fallback={null}>
    <QuizPreview quizId={quizId} />
  </Suspense>
);

/** A SCORM step runs with the player's run-time in browse mode: authoring draws the preview, learning progress the run-time. */
const scormView = (chapter: ChapterView, scormUrl: string) => (
  <Suspense fallback={null}>
    <ScormPreview chapter={chapter} scormUrl={scormUrl} />
  </Suspense>
);

/** /course-preview/{course_id}. */
export function TrainerCoursePreviewPage() {
  return <TrainerPreview quizView={quizView} scormView={scormView} />;
}

/** /admin-course-preview/{course_id}. */
export function AdminCoursePreviewPage() {
  return <AdminPreview quizView={quizView} scormView={scormView} />;
}
