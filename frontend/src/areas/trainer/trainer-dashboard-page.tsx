import { usePageTitle } from '../../app/hooks';
import { useFullName } from '../../features/identity';
import { AreaGreeting } from '../area-greeting';
import { messages as m } from '../messages';

/** /teacher-dashboard */
export function TrainerDashboardPage() {
  usePageTitle(m.teacher.dashboardTitle);
  return <AreaGreeting intro={m.teacher.intro} fullName={useFullName('teacher')} />;
}
