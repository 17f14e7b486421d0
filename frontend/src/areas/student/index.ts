/** Student area: its layout and screens, composed from the features, each loaded with its route. */
import { lazyComponent } from '../../lib/lazy-component';

export const StudentLayout = lazyComponent(() => import('../../layout/side-menu'), (m) => m.StudentSideLayout);
export const StudentDashboardPage = lazyComponent(() => import('./student-dashboard-page'), (m) => m.StudentDashboardPage);
export const CoursePlayerPage = lazyComponent(() => import('./course-player-page'), (m) => m.CoursePlayerPage);
export { MyCoursesPage } from '../../features/learning-progress';
export {
  StudentLoginPage,
  StudentRegisterPage,
  StudentActivationPage,
  StudentLogoutPage,
  StudentChangePasswordPage,
  StudentProfilePage,
} from '../../features/identity';
export { FavoriteCoursesPage, RecommendedCoursesPage } from '../../features/enrolment';
export { StudentStudyMaterialPage } from '../../features/authoring';
export { CourseQuizPage, TakeQuizPage } from '../../features/assessment';
export { MyTeachersPage, MyAssignmentsPage } from '../../features/tutoring';
