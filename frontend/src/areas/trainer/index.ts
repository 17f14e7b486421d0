/** Trainer area: its layout and screens, composed from the features, each loaded with its route. */
import { lazyComponent } from '../../app/lazy-component';

export const TrainerLayout = lazyComponent(() => import('../../layout/side-menu'), (m) => m.TeacherSideLayout);
export const TrainerDashboardPage = lazyComponent(() => import('./trainer-dashboard-page'), (m) => m.TrainerDashboardPage);
export {
  TeacherLoginPage,
  TeacherRegisterPage,
  TeacherLogoutPage,
  TeacherChangePasswordPage,
  TeacherProfilePage,
} from '../../features/identity';
export {
  TeacherMyCoursesPage,
  AddCoursePage,
  EditCoursePage,
  AllChaptersPage,
  AddChapterPage,
  EditChapterPage,
  AddSubchapterPage,
  EditSubchapterPage,
  EnrolledStudentsPage,
  TrainerStudyMaterialPage,
  AddStudyPage,
  TrainerCoursePreviewPage,
} from '../../features/authoring';
export { MyUsersPage, ShowAssignmentPage, AddAssignmentPage } from '../../features/tutoring';
