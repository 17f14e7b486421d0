/** Administration (03): the back office's students, trainers and progress tracking. */
import { lazyComponent } from '../../lib/lazy-component';

export const StudentsPage = lazyComponent(() => import('./screens/students-page'), (m) => m.StudentsPage);
export const TeachersPage = lazyComponent(() => import('./screens/teachers-page'), (m) => m.TeachersPage);
export const StudentDetailPage = lazyComponent(() => import('./screens/student-detail-page'), (m) => m.StudentDetailPage);
export const ProgressTrackingPage = lazyComponent(() => import('./screens/progress-tracking-page'), (m) => m.ProgressTrackingPage);
export const AdminDashboard = lazyComponent(() => import('./screens/admin-dashboard'), (m) => m.AdminDashboard);
