import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { BookOutlined, CheckCircleOutlined, ClockCircleOutlined, FileDoneOutlined, TeamOutlined } from '@ant-design/icons';
import { api } from '../../../lib/api';
import { errorDialog } from '../../../lib/feedback';
import { useAppDispatch, useSyncSession } from '../../../lib/hooks';
import { clearSession } from '../../../lib/session';
import { QuickActions, StatCards } from '../../../components/stat-cards';
import { messages as m } from '../messages';
import { useGetStudentDashboardQuery } from '../tutoring-api';
import { useStudentId } from '../use-ids';

/** A dashboard that finds the account suspended says so, forgets the session and goes to the login (01 §4). */
function useSuspendedAccountExit(isActive: boolean | undefined) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const syncSession = useSyncSession();
  useEffect(() => {
    if (isActive !== false) return;
    errorDialog(m.dashboard.deactivatedTitle, m.dashboard.deactivatedText);
    clearSession();
    syncSession();
    dispatch(api.util.resetApiState());
    navigate('/user-login', { replace: true });
  }, [isActive, dispatch, navigate, syncSession]);
}

/**
 * /user-dashboard: enrolled courses, homework done and pending (01 §2.4), then what the page puts
 * between them and the quick links (the course-tracking table of learning progress).
 */
export function StudentDashboardStats({ children }: { children?: ReactNode }) {
  const studentId = useStudentId();
  const { data } = useGetStudentDashboardQuery(studentId ?? 0, { skip: !studentId });
  useSuspendedAccountExit(data?.is_active);
  return (
    <>
      <StatCards
        label={m.dashboard.statsLabel}
        cards={[
          { to: '/my-courses', label: m.dashboard.enrolled, value: data?.enrolled_courses, icon: <BookOutlined /> },
          { to: '/my-assignments', label: m.dashboard.completed, value: data?.complete_assignments, icon: <CheckCircleOutlined /> },
          { to: '/my-assignments', label: m.dashboard.pending, value: data?.pending_assignments, icon: <ClockCircleOutlined /> },
        ]}
      />
      {children}
      <QuickActions
        title={m.dashboard.quickLinks}
        links={[
          { to: '/my-courses', label: m.dashboard.myCourses, icon: <BookOutlined /> },
          { to: '/my-assignments', label: m.dashboard.myAssignments, icon: <FileDoneOutlined /> },
          { to: '/my-teachers', label: m.dashboard.myTeachers, icon: <TeamOutlined /> },
        ]}
      />
    </>
  );
}
