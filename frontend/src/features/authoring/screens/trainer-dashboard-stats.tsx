import { Link } from 'react-router-dom';
import { BookOutlined, ReadOutlined, TeamOutlined } from '@ant-design/icons';
import { useAppSelector } from '../../../app/hooks';
import { useGetTrainerDashboardQuery } from '../authoring-api';
import { messages as m } from '../messages';
import '../authoring.css';

/** /teacher-dashboard: Mes Cours, Mes Étudiants, Mes Chapitres (02 §2) and the quick actions. */
export function TrainerDashboardStats() {
  const teacherId = useAppSelector((state) => state.auth.teacherId) ?? '';
  const { data } = useGetTrainerDashboardQuery(teacherId, { skip: !teacherId });
  const cards = [
    { to: '/teacher-my-course', label: m.dashboard.courses, value: data?.total_formateur_course, icon: <BookOutlined aria-hidden /> },
    { to: '/my-users', label: m.dashboard.students, value: data?.total_formateur_students, icon: <TeamOutlined aria-hidden /> },
    { to: '/teacher-my-course', label: m.dashboard.chapters, value: data?.total_formateur_chapters, icon: <ReadOutlined aria-hidden /> },
  ];
  return (
    <>
      <section className="stat-cards" aria-label={m.dashboard.statsLabel}>
        {cards.map((card) => (
          <Link key={card.label} to={card.to} className="stat-card" data-testid="stat-card">
            <span className="stat-card__icon">{card.icon}</span>
            <span className="stat-card__value">{card.value ?? '–'}</span>
            <span className="stat-card__label">{card.label}</span>
          </Link>
        ))}
      </section>
      <section className="panel quick-actions" aria-labelledby="quick-actions-title">
        <div className="panel__body">
          <h2 id="quick-actions-title" className="quick-actions__title">
            {m.dashboard.quickActions}
          </h2>
          <div className="quick-actions__links">
            <Link to="/my-users" className="button-link">
              <TeamOutlined aria-hidden /> {m.dashboard.manageStudents}
            </Link>
            <Link to="/teacher-my-course" className="button-link">
              <BookOutlined aria-hidden /> {m.dashboard.myCourses}
            </Link>
            <Link to="/add-course" className="button-link">
              {m.dashboard.addCourse}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
