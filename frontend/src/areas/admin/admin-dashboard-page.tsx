import { Suspense } from 'react';
import { usePageTitle } from '../../lib/hooks';
import { AdminDashboard } from '../../features/administration';
import { AreaGreeting } from '../area-greeting';
import { messages as m } from '../messages';

/** /admin-dashboard: the greeting, then the administration's totals, links and activity. */
export function AdminDashboardPage() {
  usePageTitle(m.admin.dashboardTitle);
  return (
    <div className="dashboard-stack">
      <AreaGreeting intro={m.admin.intro} />
      <Suspense fallback={null}>
        <AdminDashboard />
      </Suspense>
    </div>
  );
}
