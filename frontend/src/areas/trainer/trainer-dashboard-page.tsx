import { TrainerDashboardStats } from '../../features/authoring';
import { TrainerApprovalNotice } from '../../features/identity';
import { AreaDashboard } from '../area-greeting';
import { messages as m } from '../messages';

/** /teacher-dashboard: the greeting, the three counts and the quick actions (02 §2). */
export function TrainerDashboardPage() {
  return (
    <AreaDashboard role="teacher" title={m.teacher.dashboardTitle} intro={m.teacher.intro}>
      <TrainerApprovalNotice />
      <TrainerDashboardStats />
    </AreaDashboard>
  );
}
