import { Suspense } from 'react';
import { usePageTitle } from '../../app/hooks';
import { TrainerDashboardStats } from '../../features/authoring';
import { useFullName } from '../../features/identity';
import { AreaGreeting } from '../area-greeting';
import { messages as m } from '../messages';

/** /teacher-dashboard: the greeting, the three counts and the quick actions (02 §2). */
export function TrainerDashboardPage() {
  usePageTitle(m.teacher.dashboardTitle);
  return (
    <div className="dashboard-stack">
      <AreaGreeting intro={m.teacher.intro} fullName={useFullName('teacher')} />
      <Suspense fallback={null}>
        <TrainerDashboardStats />
      </Suspense>
    </div>
  );
}
