import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/hooks';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';
import { StudentLoginForm } from '../components/student-login-form';
import { messages as m } from '../messages';
import { useAdminLogin, useTeacherLogin } from '../use-login';


/** /user-login */
export function StudentLoginPage() {
  usePageTitle(m.student.loginTitle);
  return (
    <AuthCard
      title={m.student.loginTitle}
      subtitle={m.student.loginSubtitle}
      footer={
        <>
          {m.student.noAccount} <Link to="/user-register">{m.student.registerLink}</Link>
        </>
      }
    >
      <StudentLoginForm />
    </AuthCard>
  );
}

/** /teacher-login */
export function TeacherLoginPage() {
  usePageTitle(m.teacher.loginTitle);
  const onLogin = useTeacherLogin();
  return (
    <AuthCard
      title={m.teacher.loginTitle}
      subtitle={m.teacher.loginSubtitle}
      footer={
        <>
          {m.teacher.noAccount} <Link to="/teacher-register">{m.teacher.registerLink}</Link>
          <br />
          {m.teacher.adminQuestion} <Link to="/admin-login">{m.teacher.adminLink}</Link>
        </>
      }
    >
      <LoginForm name="teacher-login" onLogin={onLogin} />
    </AuthCard>
  );
}

/** /admin-login: the field is named username and holds an e-mail (03 §2). */
export function AdminLoginPage() {
  usePageTitle(m.admin.loginTitle);
  const onLogin = useAdminLogin();
  return (
    <AuthCard
      title={m.admin.loginTitle}
      subtitle={m.admin.loginSubtitle}
      footer={
        <>
          {m.admin.teacherQuestion} <Link to="/teacher-login">{m.admin.teacherLink}</Link>
        </>
      }
    >
      <LoginForm
        name="admin-login"
        onLogin={onLogin}
        emailField="username"
        emailLabel={m.admin.username}
      />
    </AuthCard>
  );
}
