/** Identity feature: sign-in, registration, profiles and passwords of the three roles. */
import { lazyComponent } from '../../lib/lazy-component';

// The home page's login card: a plain form, part of the home page's chunk (no antd Form).
export { StudentLoginForm } from './components/student-login-form';
export { useFullName } from './use-full-name';
export { TrainerApprovalNotice } from './components/trainer-approval-notice';
export { identityApi } from './identity-api';

// Pages, each loaded with its route.
const loginScreens = () => import('./screens/login-screens');
const logoutScreens = () => import('./screens/logout-screen');
const passwordScreens = () => import('./screens/change-password-screens');
export const StudentLoginPage = lazyComponent(loginScreens, (m) => m.StudentLoginPage);
export const TeacherLoginPage = lazyComponent(loginScreens, (m) => m.TeacherLoginPage);
export const AdminLoginPage = lazyComponent(loginScreens, (m) => m.AdminLoginPage);
export const StudentLogoutPage = lazyComponent(logoutScreens, (m) => m.StudentLogoutPage);
export const TeacherLogoutPage = lazyComponent(logoutScreens, (m) => m.TeacherLogoutPage);
export const AdminLogoutPage = lazyComponent(logoutScreens, (m) => m.AdminLogoutPage);
export const AuditorLogoutPage = lazyComponent(logoutScreens, (m) => m.AuditorLogoutPage);
export const StudentRegisterPage = lazyComponent(() => import('./screens/student-register-page'), (m) => m.StudentRegisterPage);
export const TeacherRegisterPage = lazyComponent(() => import('./screens/teacher-register-page'), (m) => m.TeacherRegisterPage);
export const StudentChangePasswordPage = lazyComponent(passwordScreens, (m) => m.StudentChangePasswordPage);
export const TeacherChangePasswordPage = lazyComponent(passwordScreens, (m) => m.TeacherChangePasswordPage);
export const StudentProfilePage = lazyComponent(() => import('./screens/student-profile-page'), (m) => m.StudentProfilePage);
export const TeacherProfilePage = lazyComponent(() => import('./screens/teacher-profile-page'), (m) => m.TeacherProfilePage);

export const StudentActivationPage = lazyComponent(() => import('./screens/activation-page'), (m) => m.StudentActivationPage);
