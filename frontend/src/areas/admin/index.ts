/** Admin area: its layout and screens, composed from the features, each loaded with its route. */
import { lazyComponent } from '../../lib/lazy-component';

export const AdminLayout = lazyComponent(() => import('../../layout/side-menu'), (m) => m.AdminSideLayout);
export const AdminDashboardPage = lazyComponent(() => import('./admin-dashboard-page'), (m) => m.AdminDashboardPage);
export { AdminLoginPage, AdminLogoutPage } from '../../features/identity';
export { AdminCoursesPage, AdminCourseDetailPage } from '../../features/authoring';
export { AdminCoursePreviewPage } from '../course-preview-pages';
export { AdminQuizzesPage, AdminQuizDetailPage } from '../../features/assessment';
export { XapiCredentialsPage } from '../../features/xapi';
export { ProgressTrackingPage, StudentDetailPage, TeachersPage } from '../../features/administration';
export const AdminStudentsPage = lazyComponent(() => import('./admin-students-page'), (m) => m.AdminStudentsPage);
export { CentreSettingsPage } from '../../features/centre';
export { AdminAuditorPage, AdminAuditorsPage } from '../../features/audit';
export { AdminSessionPage, AdminSessionsPage } from '../../features/enrolment';
