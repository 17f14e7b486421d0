import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { QuizRun } from '../../features/assessment';
import { useGetChaptersQuery } from '../../features/authoring';
import { useGetCourseQuery } from '../../features/catalogue';
import { useFullName } from '../../features/identity';
import { CoursePlayerPage as Player, type PlayerQuizView } from '../../features/learning-progress';
import { useAppSelector } from '../../lib/hooks';

/** A quiz step's quiz, played inline: assessment runs it, naming the step so that its completion validates it. */
function quizView(studentId: string): PlayerQuizView {
  return function QuizStep({ quizId, place, onFinished }) {
    return (
      <Suspense fallback={null}>
        <QuizRun key={quizId} quizId={quizId} studentId={studentId} place={place} onFinished={onFinished} />
      </Suspense>
    );
  };
}

/**
 * /mini/{course_id}: the course player (learning progress) over the course's steps with their
 * content (authoring's GET /course-chapters/{id}, open to the course's learners), its title
 * (the catalogue), the learner's name for the SCORM runtime (identity) and the quiz (assessment).
 */
export function CoursePlayerPage() {
  const courseId = Number(useParams().courseId);
  const valid = Number.isInteger(courseId) && courseId > 0;
  const steps = useGetChaptersQuery(courseId, { skip: !valid });
  const course = useGetCourseQuery(courseId, { skip: !valid });
  const studentId = useAppSelector((state) => state.auth.studentId) ?? '';
  const name = useFullName('student');
  const title = course.data?.title ?? steps.data?.[0]?.course_title ?? (course.isError && steps.data ? '' : undefined);
  return (
    <Player
      courseId={valid ? courseId : 0}
      title={title}
      chapters={steps.data}
      loading={steps.isLoading || (course.isLoading && !steps.data?.length)}
      error={steps.error}
      retry={() => void steps.refetch()}
      learnerName={name ?? ''}
      quizView={quizView(studentId)}
    />
  );
}
