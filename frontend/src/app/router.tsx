import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import {
  AboutPage,
  AllCoursesPage,
  AssistancePage,
  CategoriesPage,
  CategoryCoursesPage,
  CmsPageScreen,
  CourseDetailPage,
  FaqPage,
  HomePage,
  PolicyPage,
  SearchResultsPage,
  TeacherDetailPage,
  TeacherSkillCoursesPage,
} from '../areas/public';
import {
  FavoriteCoursesPage,
  MyAssignmentsPage,
  MyTeachersPage,
  RecommendedCoursesPage,
  StudentChangePasswordPage,
  StudentDashboardPage,
  StudentLayout,
  StudentLoginPage,
  StudentLogoutPage,
  StudentProfilePage,
  StudentRegisterPage,
  StudentActivationPage,
  StudentStudyMaterialPage,
  CourseQuizPage,
  TakeQuizPage,
  CoursePlayerPage,
  MyCoursesPage,
} from '../areas/student';
import {
  AddChapterPage,
  AddCoursePage,
  AddStudyPage,
  AddAssignmentPage,
  AddSubchapterPage,
  AllChaptersPage,
  EditChapterPage,
  EditCoursePage,
  EditSubchapterPage,
  EnrolledStudentsPage,
  MyUsersPage,
  ShowAssignmentPage,
  TeacherChangePasswordPage,
  TeacherLoginPage,
  TeacherLogoutPage,
  TeacherMyCoursesPage,
  TeacherProfilePage,
  TeacherRegisterPage,
  TrainerCoursePreviewPage,
  TrainerDashboardPage,
  TrainerLayout,
  TrainerStudyMaterialPage,
  TrainerQuizzesPage,
  QuestionBankPage,
  AddQuizPage,
  EditQuizPage,
  AllQuestionsPage,
  AddQuestionPage,
  EditQuestionPage,
  AssignQuizPage,
  AttemptedStudentsPage,
} from '../areas/trainer';
import {
  AdminCourseDetailPage,
  AdminCoursePreviewPage,
  AdminCoursesPage,
  AdminDashboardPage,
  AdminLayout,
  AdminLoginPage,
  AdminLogoutPage,
  AdminQuizzesPage,
  AdminQuizDetailPage,
  ProgressTrackingPage,
  StudentDetailPage,
  AdminStudentsPage,
  TeachersPage,
  XapiCredentialsPage,
  CentreSettingsPage,
  AdminAuditorPage,
  AdminAuditorsPage,
  AdminSessionPage,
  AdminSessionsPage,
} from '../areas/admin';
import { AuditorActivationPage, AuditorHomePage, AuditorLearner, AuditorLoginPage, AuditorLogoutPage } from '../areas/auditor';
import { FooterPageLinks } from '../features/catalogue';
import { AccessibilitySettingsPage, AccessibilityStatementPage } from '../features/centre';
import { DossierBatchPage, TranscriptPage } from '../features/evidence';
import { ProgressGridPage } from '../features/learning-progress';
import { SupportAdminPage } from '../features/support';
import { ComplaintDetailPage, ComplaintPage, ComplaintsAdminPage, ImprovementsAdminPage, MyComplaintsPage } from '../features/quality';
import { MySurveyPage, MySurveysPage, PublicSurveyPage, QuestionnairesAdminPage, SurveyResultsPage } from '../features/satisfaction';
import { IndicatorsPage, PublicResultsPage } from '../features/indicators';
import { AlertsPage } from '../features/engagement';
import { VerifierPage } from '../features/verification';
import { AppShell } from '../layout/app-shell';
import { lazyComponent } from '../lib/lazy-component';
import { ByRole, GuestOnly, LoginOfRole, RequireAnyRole, RequireRole } from './route-guards';

// Every page is lazy (features and areas export them through lazyComponent): the first visit downloads
// the shell and the page it opens, nothing of the other pages or roles. The routes are rendered
// by useRoutes under a BrowserRouter, not by a data router: none of its loaders or actions is
// used, and it would add 17 KB gzip to every page (docs/adr/0010).
const NotFoundPage = lazyComponent(() => import('../layout/not-found-page'), (m) => m.NotFoundPage);
// The header greeting's full name reads the profile: loaded only once someone is logged in.
const LazyHeaderName = lazy(() => import('../areas/header-name'));
const HeaderName = ({ fallback }: { fallback: string }) => (
  <Suspense fallback={fallback}>
    <LazyHeaderName fallback={fallback} />
  </Suspense>
);

// The header's bell (docs/adr/0046): loaded only once a student, trainer or admin is logged in.
const LazyHeaderBell = lazy(() => import('../areas/header-bell'));
const HeaderBell = () => (
  <Suspense fallback={null}>
    <LazyHeaderBell />
  </Suspense>
);

/** The route table (01 §2.1): only the routes whose screens exist so far. */
export const routes: RouteObject[] = [
  {
    element: <AppShell footerLinks={<FooterPageLinks />} greetingName={HeaderName} bell={HeaderBell} />,
    children: [
      // Public catalogue and static pages
      { index: true, element: <HomePage /> },
      { path: 'all-courses', element: <AllCoursesPage /> },
      { path: 'category', element: <CategoriesPage /> },
      { path: 'course/:categoryId/:categorySlug', element: <CategoryCoursesPage /> },
      { path: 'search/:searchstring', element: <SearchResultsPage /> },
      { path: 'detail/:courseId', element: <CourseDetailPage /> },
      { path: 'page/:pageId/:pageSlug', element: <CmsPageScreen /> },
      { path: 'teacher-detail/:teacherId', element: <TeacherDetailPage /> },
      // A trainer-area route in 02, but linked from the public profile: open to visitors.
      { path: 'teacher-skill-courses/:skillName/:teacherId', element: <TeacherSkillCoursesPage /> },
      { path: 'aboutus', element: <AboutPage /> },
      { path: 'policy', element: <PolicyPage /> },
      // The accessibility statement, linked from every footer (docs/adr/0049).
      { path: 'accessibilite', element: <AccessibilityStatementPage /> },
      // The results the centre chose to publish (indicator 2, docs/adr/0056).
      { path: 'nos-resultats', element: <PublicResultsPage /> },
      { path: 'faq', element: <FaqPage /> },
      // Listed in the student area but described as a public screen (01 §2.1, §2.3).
      { path: 'assistance', element: <AssistancePage /> },
      // Complaints, from every page's footer (docs/adr/0048): visitors, learners and trainers.
      { path: 'reclamation', element: <ComplaintPage /> },
      // A questionnaire's public answer page, the single-use token in the fragment (docs/adr/0054).
      { path: 'questionnaire', element: <PublicSurveyPage /> },
      // The public verification page (docs/adr/0040); /verification/{code} is what issued documents' QR codes encode.
      { path: 'verifier', element: <VerifierPage /> },
      { path: 'verification/:code', element: <VerifierPage /> },

      { path: 'login', element: <LoginOfRole /> },

      // Student area
      {
        element: <GuestOnly role="student" />,
        children: [{ path: 'user-login', element: <StudentLoginPage /> }],
      },
      { path: 'user-register', element: <StudentRegisterPage /> },
      // The activation link of a learner the centre imported (docs/adr/0052).
      { path: 'activation', element: <StudentActivationPage /> },
      { path: 'user-logout', element: <StudentLogoutPage /> },
      {
        element: <RequireRole role="student" />,
        children: [
          {
            element: <StudentLayout />,
            children: [
              { path: 'user-dashboard', element: <StudentDashboardPage /> },
              { path: 'change-password', element: <StudentChangePasswordPage /> },
              { path: 'profile-setting', element: <StudentProfilePage /> },
              { path: 'favorite-courses', element: <FavoriteCoursesPage /> },
              { path: 'recommended-courses', element: <RecommendedCoursesPage /> },
              { path: 'user/study-material/:courseId', element: <StudentStudyMaterialPage /> },
              { path: 'course-quiz/:courseId', element: <CourseQuizPage /> },
              { path: 'take-quiz/:quizId', element: <TakeQuizPage /> },
              { path: 'my-teachers', element: <MyTeachersPage /> },
              // Written /my-assignments/ in the route table and /my-assignments by the dashboard: both match.
              { path: 'my-assignments', element: <MyAssignmentsPage /> },
              { path: 'my-courses', element: <MyCoursesPage /> },
              // The learner's transcript of a course (issue 26, ADR 0034).
              { path: 'my-courses/:courseId/releve', element: <TranscriptPage area="student" /> },
              { path: 'mes-reclamations', element: <MyComplaintsPage /> },
              // « Questionnaires à remplir » (docs/adr/0054).
              { path: 'mes-questionnaires', element: <MySurveysPage /> },
              { path: 'mes-questionnaires/:invitationId', element: <MySurveyPage /> },
            ],
          },
          // The course player takes the whole width, without the side menu (01 §2.3).
          { path: 'mini/:courseId', element: <CoursePlayerPage /> },
        ],
      },

      // Trainer area
      {
        element: <GuestOnly role="teacher" />,
        children: [
          { path: 'teacher-login', element: <TeacherLoginPage /> },
          { path: 'teacher-register', element: <TeacherRegisterPage /> },
        ],
      },
      { path: 'teacher-logout', element: <TeacherLogoutPage /> },
      {
        element: <RequireRole role="teacher" />,
        children: [
          {
            element: <TrainerLayout />,
            children: [
              { path: 'teacher-dashboard', element: <TrainerDashboardPage /> },
              { path: 'teacher-change-password', element: <TeacherChangePasswordPage /> },
              { path: 'teacher-assistance', element: <SupportAdminPage /> },
              { path: 'teacher-reclamations', element: <MyComplaintsPage /> },
              { path: 'teacher-profile-setting', element: <TeacherProfilePage /> },
              { path: 'teacher-my-course', element: <TeacherMyCoursesPage /> },
              { path: 'add-course', element: <AddCoursePage /> },
              { path: 'edit-course/:courseId', element: <EditCoursePage /> },
              { path: 'all-chapters/:courseId', element: <AllChaptersPage /> },
              { path: 'add-chapter/:courseId', element: <AddChapterPage /> },
              { path: 'edit-chapter/:chapterId', element: <EditChapterPage /> },
              { path: 'add-subchapter/:chapterId', element: <AddSubchapterPage /> },
              { path: 'edit-subchapter/:subchapterId', element: <EditSubchapterPage /> },
              { path: 'enrolled-students/:courseId', element: <EnrolledStudentsPage /> },
              { path: 'enrolled-students/:courseId/releve/:studentId', element: <TranscriptPage area="trainer" /> },
              // The course's progress grid (issue 28 item 1, docs/adr/0042-progress-grid.md).
              { path: 'teacher-progress/:courseId', element: <ProgressGridPage area="trainer" /> },
              // Engagement alerts (issue 29 item 5, docs/adr/0053).
              { path: 'teacher-alertes', element: <AlertsPage area="trainer" /> },
              { path: 'study-material/:courseId', element: <TrainerStudyMaterialPage /> },
              { path: 'add-study/:courseId', element: <AddStudyPage /> },
              { path: 'quiz', element: <TrainerQuizzesPage /> },
              // The trainer's question bank (issue 28 item 2, docs/adr/0045-question-types-shuffling-and-bank.md).
              { path: 'question-bank', element: <QuestionBankPage /> },
              { path: 'add-quiz', element: <AddQuizPage /> },
              { path: 'edit-quiz/:quizId', element: <EditQuizPage /> },
              { path: 'all-questions/:quizId', element: <AllQuestionsPage /> },
              { path: 'edit-question/:questionId', element: <EditQuestionPage /> },
              { path: 'assign-quiz/:courseId', element: <AssignQuizPage /> },
              { path: 'attempted-students/:quizId', element: <AttemptedStudentsPage /> },
              { path: 'my-users', element: <MyUsersPage /> },
              { path: 'show-assignment/:studentId/:teacherId', element: <ShowAssignmentPage /> },
              { path: 'add-assignment/:studentId/:teacherId', element: <AddAssignmentPage /> },
            ],
          },
          // Full width, without the side menu (02 §2).
          { path: 'course-preview/:courseId', element: <TrainerCoursePreviewPage /> },
        ],
      },

      // Admin area
      {
        element: <GuestOnly role="admin" />,
        children: [{ path: 'admin-login', element: <AdminLoginPage /> }],
      },
      { path: 'admin-logout', element: <AdminLogoutPage /> },
      {
        element: <RequireRole role="admin" />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              { path: 'admin-dashboard', element: <AdminDashboardPage /> },
              { path: 'admin-courses', element: <AdminCoursesPage /> },
              { path: 'admin-course-detail/:courseId', element: <AdminCourseDetailPage /> },
              { path: 'admin-course-detail/:courseId/dossiers', element: <DossierBatchPage /> },
              { path: 'admin-course-detail/:courseId/progression', element: <ProgressGridPage area="admin" /> },
              { path: 'admin-quizzes', element: <AdminQuizzesPage /> },
              { path: 'admin-quiz-detail/:quizId', element: <AdminQuizDetailPage /> },
              { path: 'admin-xapi', element: <XapiCredentialsPage /> },
              { path: 'admin-centre', element: <CentreSettingsPage /> },
              { path: 'admin-accessibility', element: <AccessibilitySettingsPage /> },
              { path: 'admin-assistance', element: <SupportAdminPage /> },
              // Complaints and the improvement log (docs/adr/0048).
              { path: 'admin-reclamations', element: <ComplaintsAdminPage /> },
              { path: 'admin-reclamations/:complaintId', element: <ComplaintDetailPage /> },
              { path: 'admin-amelioration', element: <ImprovementsAdminPage /> },
              // Satisfaction questionnaires and their results (docs/adr/0054).
              { path: 'admin-questionnaires', element: <QuestionnairesAdminPage /> },
              { path: 'admin-questionnaires/:questionnaireId', element: <SurveyResultsPage /> },
              // The Qualiopi indicators (docs/adr/0056).
              { path: 'admin-indicateurs', element: <IndicatorsPage /> },
              // Engagement alerts (issue 29 item 5, docs/adr/0053).
              { path: 'admin-alertes', element: <AlertsPage area="admin" /> },
              { path: 'admin-stat-dashboard-user', element: <ProgressTrackingPage /> },
              { path: 'admin-users', element: <AdminStudentsPage /> },
              { path: 'admin-teachers', element: <TeachersPage /> },
              { path: 'admin-student-detail/:studentId', element: <StudentDetailPage /> },
              { path: 'admin-student-detail/:studentId/releve/:courseId', element: <TranscriptPage area="admin" /> },
              // Auditors (docs/adr/0039).
              { path: 'admin-sessions', element: <AdminSessionsPage /> },
              { path: 'admin-sessions/:sessionId', element: <AdminSessionPage /> },
              { path: 'admin-auditors', element: <AdminAuditorsPage /> },
              { path: 'admin-auditors/:auditorId', element: <AdminAuditorPage /> },
            ],
          },
          { path: 'admin-course-preview/:courseId', element: <AdminCoursePreviewPage /> },
        ],
      },

      // Auditor area (docs/adr/0039): read-only, no side menu.
      {
        element: <GuestOnly role="auditor" />,
        children: [{ path: 'auditeur/connexion', element: <AuditorLoginPage /> }],
      },
      { path: 'auditeur/activation', element: <AuditorActivationPage /> },
      { path: 'auditeur/deconnexion', element: <AuditorLogoutPage /> },
      {
        element: <RequireRole role="auditor" />,
        children: [
          { path: 'auditeur', element: <AuditorHomePage /> },
          { path: 'auditeur/cours/:courseId/apprenants/:studentId', element: <AuditorLearner /> },
        ],
      },

      // A question is added by the quiz's trainer or by an admin (02 §2, 03 §2), each in their own area.
      {
        element: <RequireAnyRole roles={['teacher', 'admin']} />,
        children: [
          {
            element: <ByRole elements={{ teacher: <TrainerLayout />, admin: <AdminLayout /> }} />,
            children: [{ path: 'add-question/:quizId', element: <AddQuestionPage /> }],
          },
        ],
      },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The pages of the route table, under the BrowserRouter (main.tsx) or a MemoryRouter (tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
