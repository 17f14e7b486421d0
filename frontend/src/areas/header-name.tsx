import { selectSession } from '../lib/auth-slice';
import { useAppSelector } from '../lib/hooks';
import { useFullName } from '../features/identity';

/**
 * The header's « Bonjour, Léa Dubois »: the same name as the dashboard's greeting (the student's or the
 * trainer's profile), the username while it loads or when there is none (an admin has no profile name).
 */
export default function HeaderName({ fallback }: { fallback: string }) {
  const session = useAppSelector(selectSession);
  const student = useFullName('student');
  const teacher = useFullName('teacher');
  const name = session.loggedIn.student ? student : session.loggedIn.teacher ? teacher : null;
  return <>{name ?? fallback}</>;
}
