import { useNavigate, useParams } from 'react-router-dom';
import { Alert } from 'antd';
import { toast } from '../../../lib/feedback';
import { useAppSelector } from '../../../lib/hooks';
import { useGetCourseForEditQuery } from '../authoring-api';
import { AuthoringPage, LoadState, isNotFound } from '../components/authoring-page';
import { CourseForm } from '../components/course-form';
import { ProgrammeForm } from '../components/programme-form';
import { messages as m } from '../messages';

const BACK = { to: '/teacher-my-course', label: m.chapters.backToCourses };

/** The stored trainer id as a number, or null when missing or not numeric (02 §5). */
function useTrainerId(): { raw: string | null; id: number | null } {
  const raw = useAppSelector((state) => state.auth.teacherId);
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return { raw, id };
}

/** /add-course: POST /course/ with the trainer as formateur; then the course's chapters. */
export function AddCoursePage() {
  const navigate = useNavigate();
  const { id } = useTrainerId();
  return (
    <AuthoringPage title={m.courseForm.addTitle} back={BACK}>
      {id === null ? (
        <Alert type="error" showIcon title={m.courseForm.missingTrainer} />
      ) : (
        <CourseForm
          name="add-course"
          fixedTrainer={id}
          failureMessage={m.courseForm.addFailed}
          onSaved={(course) => {
            toast('success', m.courseForm.created, 2);
            navigate(`/all-chapters/${course.id}`);
          }}
          onCancel={() => navigate(BACK.to)}
        />
      )}
    </AuthoringPage>
  );
}

/** /edit-course/{course_id}: GET then PUT /teacher-course-detail/{course_id}. */
export function EditCoursePage() {
  const navigate = useNavigate();
  const courseId = Number(useParams().courseId);
  const { raw, id } = useTrainerId();
  const { data, isLoading, isError, error } = useGetCourseForEditQuery(courseId, { skip: !courseId });
  return (
    <AuthoringPage title={m.courseForm.editTitle} back={BACK}>
      <LoadState loading={isLoading} failed={isError} notFound={isNotFound(error) || !courseId} />
      {id === null ? <Alert type="error" showIcon title={raw ? m.courseForm.invalidTrainer : m.courseForm.missingTrainer} /> : null}
      {data && id !== null ? (
        <CourseForm
          key={data.id}
          name="edit-course"
          current={data}
          editUrl={`teacher-course-detail/${data.id}`}
          fixedTrainer={id}
          failureMessage={m.courseForm.updateFailed}
          onSaved={() => {
            toast('success', m.courseForm.updated, 2);
            navigate(BACK.to);
          }}
          onCancel={() => navigate(BACK.to)}
        />
      ) : null}
      {data && id !== null ? <ProgrammeForm key={`programme-${data.id}`} course={data} /> : null}
    </AuthoringPage>
  );
}
