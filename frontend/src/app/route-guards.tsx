import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { selectIsLoggedIn } from '../lib/auth-slice';
import { appTokenRefresher, type SessionStatus } from '../lib/base-query';
import { StatusMessage } from '../components/status';
import { PageLoader } from '../layout/page-loader';
import { useAppSelector } from '../lib/hooks';
import { clearSession, DASHBOARD_PATHS, getAccessToken, LOGIN_PATHS, loginPathForStoredRole, type Role } from '../lib/session';

/**
 * A signed-in role's pages render once an access token is in memory: after a reload or in a new
 * tab it is first obtained from the refresh cookie (docs/adr/0029), so a page whose first calls
 * need no token (a public profile read, say) does not show a session that has in fact ended.
 * A refused refresh clears the session and sends the browser to the role's login page; a server
 * that does not answer after a few tries is said so, with « Réessayer » and « Se reconnecter ».
 */
function SessionReady() {
  const [status, setStatus] = useState<SessionStatus | 'waiting'>(() => (getAccessToken() !== null ? 'ready' : 'waiting'));
  useEffect(() => {
    if (status !== 'waiting') return;
    const stop = new AbortController();
    void appTokenRefresher()
      .ensureAccessToken(stop.signal)
      .then((outcome) => {
        if (!stop.signal.aborted && outcome !== 'ended') setStatus(outcome);
      });
    return () => stop.abort();
  }, [status]);
  if (status === 'ready') return <Outlet />;
  if (status === 'unreachable') {
    return (
      <div className="session-unreachable">
        <StatusMessage
          kind="failure"
          level={1}
          title="Le serveur ne répond pas pour le moment"
          text="Votre session n'est pas perdue : réessayez dans un instant."
          extra={
            <>
              <button type="button" className="button" onClick={() => setStatus('waiting')}>
                Réessayer
              </button>{' '}
              <a
                href={loginPathForStoredRole()}
                onClick={() => clearSession()}
              >
                Se reconnecter
              </a>
            </>
          }
        />
      </div>
    );
  }
  // Drawn in CSS: antd's Spin here put ≈ 2 KB gzip into every public page's first script (docs/adr/0010).
  return <PageLoader text="Reprise de la session…" />;
}

/** Pages of a role: a visitor without that role's session goes to its login page. */
export function RequireRole({ role }: { role: Role }) {
  const loggedIn = useAppSelector((state) => selectIsLoggedIn(state, role));
  return loggedIn ? <SessionReady /> : <Navigate to={LOGIN_PATHS[role]} replace />;
}

/** Login and registration pages: a logged-in user of that role goes to its dashboard. */
export function GuestOnly({ role }: { role: Role }) {
  const loggedIn = useAppSelector((state) => selectIsLoggedIn(state, role));
  return loggedIn ? <Navigate to={DASHBOARD_PATHS[role]} replace /> : <Outlet />;
}

/** Pages shared by several roles (a question added by a trainer or an admin): any of them may enter. */
export function RequireAnyRole({ roles }: { roles: readonly Role[] }) {
  const loggedIn = useAppSelector((state) => roles.some((role) => selectIsLoggedIn(state, role)));
  return loggedIn ? <SessionReady /> : <Navigate to={LOGIN_PATHS[roles[0]!]} replace />;
}

/** The element of the signed-in role (its area's layout, say), among those given. */
export function ByRole({ elements }: { elements: Partial<Record<Role, ReactNode>> }) {
  const role = useAppSelector((state) => state.auth.role);
  return <>{role ? elements[role] : null}</>;
}

/**
 * /login, which the spec names as where a 401 leads (01, 03 §4) though its route table has only
 * the three roles' login pages: the login page of the stored role, else the students' (ADR 0016).
 */
export function LoginOfRole() {
  const role = useAppSelector((state) => state.auth.role);
  return <Navigate to={LOGIN_PATHS[role ?? 'student']} replace />;
}
