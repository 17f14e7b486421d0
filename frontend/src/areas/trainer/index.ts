/** Trainer area chunk (lazy): its layout and screens, composed from the features. */
export { TeacherSideLayout as TrainerLayout } from '../../layout/side-menu';
export { TrainerDashboardPage } from './trainer-dashboard-page';
export {
  TeacherLoginPage,
  TeacherRegisterPage,
  TeacherLogoutPage,
  TeacherChangePasswordPage,
  TeacherProfilePage,
} from '../../features/identity';
