import { usePageTitle } from '../../app/hooks';
import { AreaGreeting } from '../area-greeting';
import { messages as m } from '../messages';

/** /admin-dashboard */
export function AdminDashboardPage() {
  usePageTitle(m.admin.dashboardTitle);
  return <AreaGreeting intro={m.admin.intro} />;
}
