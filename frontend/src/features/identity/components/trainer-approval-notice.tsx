import { Alert } from 'antd';
import { useAppSelector } from '../../../lib/hooks';
import { useGetTeacherQuery } from '../identity-api';
import { messages as m } from '../messages';

/** « Compte en attente de validation » for a trainer the centre has not accepted yet (ADR 0030). */
export function TrainerApprovalNotice() {
  const teacherId = useAppSelector((state) => state.auth.teacherId);
  const { data } = useGetTeacherQuery(teacherId ?? '', { skip: !teacherId });
  if (data?.approval !== 'pending') return null;
  return <Alert type="warning" showIcon className="trainer-approval-notice" data-testid="trainer-pending" title={m.teacher.pendingTitle} description={m.teacher.pendingText} />;
}
