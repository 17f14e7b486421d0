/** Trainer area: its layout and screens, composed from the features, each loaded with its route. */
import { lazyComponent } from '../../lib/lazy-component';

export const TrainerLayout = lazyComponent(() => import('../../layout/side-menu'), (m) => m.TeacherSideLayout);
export const AssignQuizPage = lazyComponent(() => import('./assign-quiz-page'), (m) => m.AssignQuizPage);
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
} from '../../features/authoring';
export { TrainerCoursePreviewPage } from '../course-preview-pages';
export {
  TrainerQuizzesPage,
  AddQuizPage,
  EditQuizPage,
  AllQuestionsPage,
  AddQuestionPage,
  EditQuestionPage,
  AttemptedStudentsPage,
  QuestionBankPage,
} from '../../features/assessment';
export { MyUsersPage, ShowAssignmentPage, AddAssignmentPage } from '../../features/tutoring';
