/** Student area chunk (lazy): its layout and screens, composed from the features. */
export { StudentSideLayout as StudentLayout } from '../../layout/side-menu';
export { StudentDashboardPage } from './student-dashboard-page';
export {
  StudentLoginPage,
  StudentRegisterPage,
  StudentLogoutPage,
  StudentChangePasswordPage,
  StudentProfilePage,
} from '../../features/identity';
export { FavoriteCoursesPage, RecommendedCoursesPage } from '../../features/enrolment';
