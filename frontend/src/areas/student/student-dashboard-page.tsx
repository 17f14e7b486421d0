import { CourseTracking } from '../../features/learning-progress';
import { StudentDashboardStats } from '../../features/tutoring';
import { AreaDashboard } from '../area-greeting';
import { messages as m } from '../messages';

/** /user-dashboard: the greeting, the three counters, the course-tracking table and the quick links (01 §2.4). */
export function StudentDashboardPage() {
  return (
    <AreaDashboard role="student" title={m.student.dashboardTitle} intro={m.student.intro}>
      <StudentDashboardStats>
        <CourseTracking />
      </StudentDashboardStats>
    </AreaDashboard>
  );
}
