import { useParams } from 'react-router-dom';
import { describeApiError } from '../../../lib/api-errors';
import { LoadState, WorkPage } from '../../../components/work-page';
import { DossierButton } from '../components/dossier-button';
import { DocumentsPanel } from '../components/documents-panel';
import { TranscriptView } from '../components/transcript-view';
import { useGetTranscriptQuery } from '../evidence-api';
import { messages as m } from '../messages';

export type TranscriptArea = 'student' | 'trainer' | 'admin';

const positive = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The transcript's screen in each area (issue 26 item 5): /my-courses/{course}/releve (the learner's
 * own), /enrolled-students/{course}/releve/{student} (the course's trainer),
 * /admin-student-detail/{student}/releve/{course} (admins).
 */
export function TranscriptPage({ area }: { area: TranscriptArea }) {
  const params = useParams();
  const course = positive(params.courseId);
  const student = area === 'student' ? undefined : positive(params.studentId);
  const valid = course !== null && student !== null;
  const { data, error, isLoading } = useGetTranscriptQuery({ course: course ?? 0, student: student ?? undefined }, { skip: !valid });
  const back =
    area === 'student'
      ? { to: '/my-courses', label: m.back.student }
      : area === 'trainer'
        ? { to: `/enrolled-students/${course}`, label: m.back.trainer }
        : { to: `/admin-student-detail/${student}`, label: m.back.admin };
  const failure = error ? describeApiError(error) : null;
  return (
    <WorkPage
      title={data ? m.title(data.course.title) : m.pageTitle}
      documentTitle={m.pageTitle}
      back={back}
      testId="transcript-page"
      // The dossier de preuves: admins and the course's trainer (docs/adr/0036).
      extra={area !== 'student' && data && student !== null && course !== null ? <DossierButton student={student!} course={course} /> : undefined}
    >
      <LoadState loading={valid && isLoading} failed={Boolean(failure)} notFound={!valid || failure?.status === 404} failure={failure?.message ?? m.loadFailed} />
      {data && course !== null ? <DocumentsPanel area={area} course={course} student={student ?? undefined} /> : null}
      {data ? <TranscriptView transcript={data} /> : null}
    </WorkPage>
  );
}
