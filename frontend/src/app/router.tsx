import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppShell } from '../layout/app-shell';
import { NotFoundPage } from '../layout/not-found-page';
import { GuestOnly, RequireRole } from './route-guards';

// One lazy chunk per role area (architecture §6): pages of an area share its module.
const publicArea = () => import('../areas/public');
const studentArea = () => import('../areas/student');
const trainerArea = () => import('../areas/trainer');
const adminArea = () => import('../areas/admin');

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

// The footer's CMS page list is on every page, so the catalogue chunk loads behind the first page.
const FooterPageLinks = page(() => import('../features/catalogue'), (m) => m.FooterPageLinks);

const HomePage = page(publicArea, (m) => m.HomePage);
const AllCoursesPage = page(publicArea, (m) => m.AllCoursesPage);
const CategoriesPage = page(publicArea, (m) => m.CategoriesPage);
const CategoryCoursesPage = page(publicArea, (m) => m.CategoryCoursesPage);
const SearchResultsPage = page(publicArea, (m) => m.SearchResultsPage);
const CourseDetailPage = page(publicArea, (m) => m.CourseDetailPage);
const CmsPageScreen = page(publicArea, (m) => m.CmsPageScreen);
const TeacherDetailPage = page(publicArea, (m) => m.TeacherDetailPage);
const TeacherSkillCoursesPage = page(publicArea, (m) => m.TeacherSkillCoursesPage);
const AboutPage = page(publicArea, (m) => m.AboutPage);
const PolicyPage = page(publicArea, (m) => m.PolicyPage);
const FaqPage = page(publicArea, (m) => m.FaqPage);
const AssistancePage = page(publicArea, (m) => m.AssistancePage);

const StudentLayout = page(studentArea, (m) => m.StudentLayout);
const StudentLoginPage = page(studentArea, (m) => m.StudentLoginPage);
const StudentRegisterPage = page(studentArea, (m) => m.StudentRegisterPage);
const StudentLogoutPage = page(studentArea, (m) => m.StudentLogoutPage);
const StudentDashboardPage = page(studentArea, (m) => m.StudentDashboardPage);
const StudentChangePasswordPage = page(studentArea, (m) => m.StudentChangePasswordPage);
const StudentProfilePage = page(studentArea, (m) => m.StudentProfilePage);
const FavoriteCoursesPage = page(studentArea, (m) => m.FavoriteCoursesPage);
const RecommendedCoursesPage = page(studentArea, (m) => m.RecommendedCoursesPage);

const TrainerLayout = page(trainerArea, (m) => m.TrainerLayout);
const TeacherLoginPage = page(trainerArea, (m) => m.TeacherLoginPage);
const TeacherRegisterPage = page(trainerArea, (m) => m.TeacherRegisterPage);
const TeacherLogoutPage = page(trainerArea, (m) => m.TeacherLogoutPage);
const TrainerDashboardPage = page(trainerArea, (m) => m.TrainerDashboardPage);
const TeacherChangePasswordPage = page(trainerArea, (m) => m.TeacherChangePasswordPage);
const TeacherProfilePage = page(trainerArea, (m) => m.TeacherProfilePage);

const AdminLayout = page(adminArea, (m) => m.AdminLayout);
const AdminLoginPage = page(adminArea, (m) => m.AdminLoginPage);
const AdminLogoutPage = page(adminArea, (m) => m.AdminLogoutPage);
const AdminDashboardPage = page(adminArea, (m) => m.AdminDashboardPage);

/** The route table (01 §2.1): only the routes whose screens exist so far. */
export const routes: RouteObject[] = [
  {
    element: <AppShell footerLinks={<FooterPageLinks />} />,
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
      { path: 'faq', element: <FaqPage /> },
      // Listed in the student area but described as a public screen (01 §2.1, §2.3).
      { path: 'assistance', element: <AssistancePage /> },

      // Student area
      {
        element: <GuestOnly role="student" />,
        children: [{ path: 'user-login', element: <StudentLoginPage /> }],
      },
      { path: 'user-register', element: <StudentRegisterPage /> },
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
            ],
          },
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
              { path: 'teacher-profile-setting', element: <TeacherProfilePage /> },
            ],
          },
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
            children: [{ path: 'admin-dashboard', element: <AdminDashboardPage /> }],
          },
        ],
      },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
