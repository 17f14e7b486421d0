/** Admin area chunk (lazy): its layout and screens, composed from the features. */
export { AdminSideLayout as AdminLayout } from '../../layout/side-menu';
export { AdminDashboardPage } from './admin-dashboard-page';
export { AdminLoginPage, AdminLogoutPage } from '../../features/identity';
