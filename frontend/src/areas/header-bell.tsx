import { selectSession } from '../lib/auth-slice';
import { useAppSelector } from '../lib/hooks';
import { NotificationBell, type BellRole } from '../features/notifications';

/** The header's bell for a signed-in student, trainer or admin (docs/adr/0046); an auditor has none. */
export default function HeaderBell() {
  const session = useAppSelector(selectSession);
  const role: BellRole | null = session.loggedIn.student ? 'student' : session.loggedIn.teacher ? 'teacher' : session.loggedIn.admin ? 'admin' : null;
  return role ? <NotificationBell key={role} role={role} /> : null;
}
