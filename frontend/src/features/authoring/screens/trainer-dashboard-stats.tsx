import { BookOutlined, ReadOutlined, TeamOutlined } from '@ant-design/icons';
import { useAppSelector } from '../../../lib/hooks';
import { QuickActions, StatCards } from '../../../components/stat-cards';
import { useGetTrainerDashboardQuery } from '../authoring-api';
import { messages as m } from '../messages';

/** /teacher-dashboard: Mes Cours, Mes Étudiants, Mes Chapitres (02 §2) and the quick actions. */
export function TrainerDashboardStats() {
  const teacherId = useAppSelector((state) => state.auth.teacherId) ?? '';
  const { data } = useGetTrainerDashboardQuery(teacherId, { skip: !teacherId });
  return (
    <>
      <StatCards
        label={m.dashboard.statsLabel}
        cards={[
          { to: '/teacher-my-course', label: m.dashboard.courses, value: data?.total_formateur_course, icon: <BookOutlined /> },
          { to: '/my-users', label: m.dashboard.students, value: data?.total_formateur_students, icon: <TeamOutlined /> },
          { to: '/teacher-my-course', label: m.dashboard.chapters, value: data?.total_formateur_chapters, icon: <ReadOutlined /> },
        ]}
      />
      <QuickActions
        title={m.dashboard.quickActions}
        links={[
          { to: '/my-users', label: m.dashboard.manageStudents, icon: <TeamOutlined /> },
          { to: '/teacher-my-course', label: m.dashboard.myCourses, icon: <BookOutlined /> },
          { to: '/add-course', label: m.dashboard.addCourse },
        ]}
      />
    </>
  );
}
