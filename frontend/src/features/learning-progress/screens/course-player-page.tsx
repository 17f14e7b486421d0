import { Link } from 'react-router-dom';
import type { ChapterView } from '../../../lib/api-schema';
import { useAppSelector, usePageTitle } from '../../../lib/hooks';
import { LoadFailure } from '../../../components/course';
import { Placeholder } from '../../../components/placeholder';
import { StatusMessage } from '../../../components/status';
import { messages as m } from '../messages';
import { CoursePlayer, type PlayerQuizView } from './course-player';

const statusOf = (error: unknown) => (typeof error === 'object' && error !== null && 'status' in error ? (error as { status: unknown }).status : null);

/**
 * /mini/{course_id} around the player: the course's steps (read by the area through the authoring
 * feature's GET /course-chapters/{id}) while they load, fail, or are refused to a student who does
 * not follow the course.
 */
export function CoursePlayerPage({
  courseId,
  title,
  chapters,
  loading,
  error,
  retry,
  learnerName,
  quizView,
}: {
  courseId: number;
  title: string | undefined;
  chapters: readonly ChapterView[] | undefined;
  loading: boolean;
  error: unknown;
  retry: () => void;
  learnerName: string;
  quizView: PlayerQuizView;
}) {
  const student = Number(useAppSelector((state) => state.auth.studentId));
  usePageTitle(title ? m.player.title(title) : m.player.titleFallback);
  if (chapters && title && Number.isInteger(student) && student > 0) {
    return <CoursePlayer key={courseId} courseId={courseId} title={title} chapters={chapters} student={student} learnerName={learnerName} quizView={quizView} />;
  }
  let state;
  if (loading || (chapters && !title)) state = <Placeholder image="wide" lines={6} />;
  else if (statusOf(error) === 403) {
    state = (
      <StatusMessage
        kind="not-found"
        level={1}
        title={m.player.notEnrolled}
        text={m.player.notEnrolledText}
        extra={
          <Link to={`/detail/${courseId}`} className="button-link">
            {m.player.toDetail}
          </Link>
        }
      />
    );
  } else if (statusOf(error) === 404 || !courseId) state = <StatusMessage kind="not-found" level={1} title={m.player.notFound} text={m.player.notFoundText} />;
  else state = <LoadFailure title={m.player.loadFailed} text={m.myCourses.loadFailedText} onRetry={retry} />;
  return <div className="course-player course-player--state">{state}</div>;
}
