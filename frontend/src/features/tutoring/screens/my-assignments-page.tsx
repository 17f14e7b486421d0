import { useState } from 'react';
import { Button, Modal } from 'antd';
import { CheckOutlined, SendOutlined } from '@ant-design/icons';
import { describeApiError } from '../../../lib/api-errors';
import { toast } from '../../../lib/feedback';
import { LoadState, WorkPage } from '../../../components/work-page';
import { HomeworkList } from '../components/homework-list';
import { SubmitHomeworkDialog } from '../components/submit-homework-dialog';
import { formatDay } from '../format';
import { messages as m } from '../messages';
import { useCompleteHomeworkMutation, useGetMyHomeworkQuery } from '../tutoring-api';
import type { Homework } from '../tutoring-types';
import { useStudentId } from '../use-ids';
import '../tutoring.css';

const givenBy = (homework: Homework) =>
  [m.homework.givenBy(homework.teacher.full_name, formatDay(homework.given_at)), homework.completed_at ? m.homework.doneOn(formatDay(homework.completed_at)) : null]
    .filter(Boolean)
    .join(', ');

/**
 * /my-assignments/ (01 §2.4, §4): the student's homework; one marked done, after a confirmation, shows 'Terminé'.
 * The work is handed in (answer and files) until graded; the grade and feedback show here (docs/adr/0044).
 */
export function MyAssignmentsPage() {
  const studentId = useStudentId();
  const { data, isLoading, isError } = useGetMyHomeworkQuery(studentId ?? 0, { skip: !studentId });
  const [complete, { isLoading: saving, originalArgs: savingId }] = useCompleteHomeworkMutation();
  const [modal, holder] = Modal.useModal();
  const [submitting, setSubmitting] = useState<Homework | null>(null);

  const markDone = async (homework: Homework) => {
    const confirmed = await modal.confirm({
      title: m.homework.confirmTitle,
      content: `${homework.title} — ${m.homework.confirmText}`,
      okText: m.homework.confirm,
      cancelText: m.common.cancel,
    });
    if (!confirmed) return;
    try {
      await complete(homework.id).unwrap();
      toast('success', m.homework.marked, 3);
    } catch (error) {
      toast('error', describeApiError(error).message ?? m.homework.markFailed, 3);
    }
  };

  return (
    <WorkPage title={m.homework.mine}>
      {holder}
      <p className="work-page__context">{m.homework.mineIntro}</p>
      <LoadState loading={isLoading} failed={isError} failure={m.homework.loadFailed} />
      {data?.length === 0 ? <p className="work-page__empty">{m.homework.mineEmpty}</p> : null}
      {data?.length ? (
        <HomeworkList
          items={data}
          meta={givenBy}
          action={(homework) => (
            <>
              {homework.grade === null && !(homework.student_status && homework.submissions.length === 0) ? (
                <Button
                  type="primary"
                  icon={<SendOutlined aria-hidden />}
                  aria-label={m.homework.submitOf(homework.submissions.length ? m.homework.submitAgain : m.homework.submit, homework.title)}
                  onClick={() => setSubmitting(homework)}
                >
                  {homework.submissions.length ? m.homework.submitAgain : m.homework.submit}
                </Button>
              ) : null}
              {homework.student_status ? null : (
                <Button
                  icon={<CheckOutlined />}
                  aria-label={m.homework.markDoneOf(homework.title)}
                  loading={saving && savingId === homework.id}
                  onClick={() => void markDone(homework)}
                >
                  {m.homework.markDone}
                </Button>
              )}
            </>
          )}
        />
      ) : null}
      {submitting ? <SubmitHomeworkDialog homework={submitting} onClose={() => setSubmitting(null)} /> : null}
    </WorkPage>
  );
}
