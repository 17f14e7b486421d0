export {
  StudentLoginForm,
  StudentLoginPage,
  TeacherLoginPage,
  AdminLoginPage,
} from './screens/login-screens';
export { StudentLogoutPage, TeacherLogoutPage, AdminLogoutPage } from './screens/logout-screen';
export { StudentRegisterPage } from './screens/student-register-page';
export { TeacherRegisterPage } from './screens/teacher-register-page';
export {
  StudentChangePasswordPage,
  TeacherChangePasswordPage,
} from './screens/change-password-screens';
export { StudentProfilePage } from './screens/student-profile-page';
export { TeacherProfilePage } from './screens/teacher-profile-page';
export { identityApi } from './identity-api';
export { useFullName } from './use-full-name';
