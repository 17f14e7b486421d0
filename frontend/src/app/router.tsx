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

const HomePage = page(publicArea, (m) => m.HomePage);

const StudentLayout = page(studentArea, (m) => m.StudentLayout);
const StudentLoginPage = page(studentArea, (m) => m.StudentLoginPage);
const StudentRegisterPage = page(studentArea, (m) => m.StudentRegisterPage);
const StudentLogoutPage = page(studentArea, (m) => m.StudentLogoutPage);
const StudentDashboardPage = page(studentArea, (m) => m.StudentDashboardPage);
const StudentChangePasswordPage = page(studentArea, (m) => m.StudentChangePasswordPage);
const StudentProfilePage = page(studentArea, (m) => m.StudentProfilePage);

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
    element: <AppShell />,
    children: [
      { index: true, element: <HomePage /> },

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
