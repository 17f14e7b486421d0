import { useStudentLogin } from '../use-login';
import { LoginForm } from './login-form';

/** Student login form, of /user-login and of the home page's card. */
export function StudentLoginForm() {
  const onLogin = useStudentLogin();
  return <LoginForm name="student-login" onLogin={onLogin} />;
}
