import { useNavigate } from 'react-router-dom';
import { describeApiError } from '../../lib/api-errors';
import { toast } from '../../lib/feedback';
import { useSyncSession } from '../../lib/hooks';
import { DASHBOARD_PATHS, startSession } from '../../lib/session';
import type { Feedback } from './components/form-feedback';
import {
  useAdminLoginMutation,
  useStudentLoginMutation,
  useTeacherLoginMutation,
  type Credentials,
} from './identity-api';
import { messages as m } from './messages';

type LoginHandler = (credentials: Credentials) => Promise<Feedback | null>;

const fail = (title: string, description?: string): Feedback => ({
  type: 'error',
  title,
  description,
});

/** POST /student-login-jwt/: bool true opens the session and goes to /user-dashboard. */
export function useStudentLogin(): LoginHandler {
  const [login] = useStudentLoginMutation();
  const navigate = useNavigate();
  const syncSession = useSyncSession();
  return async (credentials) => {
    try {
      const answer = await login(credentials).unwrap();
      if (answer.bool && answer.access && answer.refresh && answer.student_id != null) {
        startSession('student', {
          id: answer.student_id,
          username: answer.username ?? credentials.email,
          access: answer.access,
          refresh: answer.refresh,
        });
        syncSession();
        navigate(DASHBOARD_PATHS.student, { replace: true });
        return null;
      }
      return fail(m.student.loginFailedTitle, answer.error || m.student.loginFailed);
    } catch (error) {
      const described = describeApiError(error);
      if (described.kind === 'client') {
        return fail(m.student.loginFailedTitle, described.message ?? m.student.loginFailed);
      }
      return fail(m.student.serverErrorTitle, m.student.serverError);
    }
  };
}

/** POST /formateur/token/: bool true opens the session and goes to /teacher-dashboard. */
export function useTeacherLogin(): LoginHandler {
  const [login] = useTeacherLoginMutation();
  const navigate = useNavigate();
  const syncSession = useSyncSession();
  return async (credentials) => {
    try {
      const answer = await login(credentials).unwrap();
      if (answer.bool && answer.access && answer.refresh && answer.formateur_id != null) {
        startSession('teacher', {
          id: answer.formateur_id,
          username: answer.username ?? credentials.email,
          access: answer.access,
          refresh: answer.refresh,
        });
        syncSession();
        navigate(DASHBOARD_PATHS.teacher, { replace: true });
        return null;
      }
      return fail(m.teacher.loginFailedTitle, answer.error || m.teacher.loginFailed);
    } catch (error) {
      const described = describeApiError(error);
      if (described.kind === 'client') {
        return fail(m.teacher.loginFailedTitle, described.message ?? m.teacher.loginFailed);
      }
      return fail(m.teacher.serverErrorTitle, m.teacher.serverError);
    }
  };
}

/** POST /admin/token/: an answer without both tokens counts as a failure (03 §5). */
export function useAdminLogin(): LoginHandler {
  const [login] = useAdminLoginMutation();
  const navigate = useNavigate();
  const syncSession = useSyncSession();
  return async (credentials) => {
    try {
      const answer = await login(credentials).unwrap();
      if (!answer.access || !answer.refresh) {
        return fail(m.admin.errorTitle, m.admin.loginFailed);
      }
      startSession('admin', {
        id: answer.admin_id ?? '',
        username: answer.username ?? credentials.email,
        access: answer.access,
        refresh: answer.refresh,
      });
      syncSession();
      toast('success', m.admin.success, 2);
      navigate(DASHBOARD_PATHS.admin, { replace: true });
      return null;
    } catch (error) {
      const described = describeApiError(error);
      if (described.kind === 'client' && described.message) {
        return fail(m.admin.errorTitle, described.message);
      }
      return fail(m.admin.errorTitle, m.admin.error);
    }
  };
}
