import { usePageTitle } from '../../app/hooks';
import { useFullName } from '../../features/identity';
import { AreaGreeting } from '../area-greeting';
import { messages as m } from '../messages';

/** /user-dashboard */
export function StudentDashboardPage() {
  usePageTitle(m.student.dashboardTitle);
  return <AreaGreeting intro={m.student.intro} fullName={useFullName('student')} />;
}
