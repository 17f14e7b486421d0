import { useParams } from 'react-router-dom';
import { AssignQuizPage as AssignQuizScreen } from '../../features/assessment';
import { useGetCourseQuery } from '../../features/catalogue';

/** /assign-quiz/{course_id}: assessment's assignment screen under the catalogue's course title. */
export function AssignQuizPage() {
  const courseId = Number(useParams().courseId);
  const { data } = useGetCourseQuery(courseId, { skip: !courseId });
  return <AssignQuizScreen courseTitle={data?.title} />;
}
