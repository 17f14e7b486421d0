import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Flex, Spin, Typography } from 'antd';
import { api } from '../../../lib/api';
import { useAppDispatch, usePageTitle, useSyncSession } from '../../../lib/hooks';
import {
  LOGIN_PATHS,
  announceLogout,
  clearSession,
  getAccessToken,
  type Role,
} from '../../../lib/session';
import { identityApi } from '../identity-api';
import { messages as m } from '../messages';

const TITLES: Record<Role, string> = {
  student: m.student.logoutTitle,
  teacher: m.teacher.logoutTitle,
  admin: m.admin.logoutTitle,
  auditor: 'Déconnexion auditeur',
};

/**
 * /user-logout, /teacher-logout, /admin-logout: revoke the refresh token on the server
 * (failure ignored), clear the session and go to the role's login page.
 */
export function LogoutScreen({ role }: { role: Role }) {
  usePageTitle(TITLES[role]);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const syncSession = useSyncSession();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const access = getAccessToken();
    clearSession();
    announceLogout();
    syncSession();
    dispatch(api.util.resetApiState());
    // Always sent: the refresh cookie (HttpOnly) is closed and cleared by the server.
    dispatch(identityApi.endpoints.logout.initiate({ access }))
      .unwrap()
      .catch(() => undefined);
    navigate(LOGIN_PATHS[role], { replace: true });
  }, [dispatch, navigate, role, syncSession]);

  return (
    <Flex justify="center" align="center" gap={12} style={{ minHeight: 240 }}>
      <Spin />
      <Typography.Text type="secondary">{m.common.logoutInProgress}</Typography.Text>
    </Flex>
  );
}

export const StudentLogoutPage = () => <LogoutScreen role="student" />;
export const TeacherLogoutPage = () => <LogoutScreen role="teacher" />;
export const AdminLogoutPage = () => <LogoutScreen role="admin" />;
export const AuditorLogoutPage = () => <LogoutScreen role="auditor" />;
