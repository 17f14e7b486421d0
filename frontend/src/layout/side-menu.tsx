import { Suspense, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Button, Col, Menu, Row } from 'antd';
import {
  AlertOutlined,
  ApiOutlined,
  AuditOutlined,
  BankOutlined,
  CalendarOutlined,
  EyeOutlined,
  BarChartOutlined,
  BookOutlined,
  CommentOutlined,
  DownOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileDoneOutlined,
  FormOutlined,
  HeartOutlined,
  KeyOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  RiseOutlined,
  FundOutlined,
  SolutionOutlined,
  StarOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Panel } from '../components/panel';
import { PageLoader } from './page-loader';
import { sideMessages as m } from './side-menu-messages';

export interface SideMenuEntry {
  to: string;
  label: string;
  icon: ReactNode;
}

export const STUDENT_MENU: SideMenuEntry[] = [
  { to: '/user-dashboard', label: m.dashboard, icon: <DashboardOutlined /> },
  { to: '/my-courses', label: m.myCourses, icon: <BookOutlined /> },
  { to: '/my-teachers', label: m.myTeachers, icon: <TeamOutlined /> },
  { to: '/favorite-courses', label: m.favoriteCourses, icon: <HeartOutlined /> },
  { to: '/recommended-courses', label: m.recommendedCourses, icon: <StarOutlined /> },
  { to: '/my-assignments/', label: m.myAssignments, icon: <FileDoneOutlined /> },
  { to: '/profile-setting', label: m.profile, icon: <UserOutlined /> },
  { to: '/change-password', label: m.password, icon: <KeyOutlined /> },
  { to: '/assistance', label: m.assistance, icon: <CustomerServiceOutlined /> },
  { to: '/mes-reclamations', label: m.myComplaints, icon: <CommentOutlined /> },
  { to: '/mes-questionnaires', label: m.mySurveys, icon: <FormOutlined /> },
  { to: '/user-logout', label: m.logout, icon: <LogoutOutlined /> },
];

export const TEACHER_MENU: SideMenuEntry[] = [
  { to: '/teacher-dashboard', label: m.dashboard, icon: <DashboardOutlined /> },
  { to: '/teacher-my-course', label: m.myCourses, icon: <BookOutlined /> },
  { to: '/quiz', label: m.myQuizzes, icon: <QuestionCircleOutlined /> },
  { to: '/question-bank', label: m.questionBank, icon: <DatabaseOutlined /> },
  { to: '/my-users', label: m.myStudents, icon: <TeamOutlined /> },
  { to: '/teacher-alertes', label: m.alerts, icon: <AlertOutlined /> },
  { to: '/teacher-profile-setting', label: m.profile, icon: <UserOutlined /> },
  { to: '/teacher-change-password', label: m.password, icon: <KeyOutlined /> },
  { to: '/teacher-assistance', label: m.adminSupport, icon: <CustomerServiceOutlined /> },
  { to: '/teacher-reclamations', label: m.myComplaints, icon: <CommentOutlined /> },
  { to: '/teacher-logout', label: m.logout, icon: <LogoutOutlined /> },
];

// The spec's order (03 §2), then the xAPI accesses (issue 12) before the logout.
export const ADMIN_MENU: SideMenuEntry[] = [
  { to: '/admin-dashboard', label: m.dashboard, icon: <DashboardOutlined /> },
  { to: '/admin-users', label: m.adminStudents, icon: <TeamOutlined /> },
  { to: '/admin-courses', label: m.adminCourses, icon: <ReadOutlined /> },
  { to: '/admin-stat-dashboard-user', label: m.adminProgress, icon: <BarChartOutlined /> },
  { to: '/admin-alertes', label: m.alerts, icon: <AlertOutlined /> },
  { to: '/admin-teachers', label: m.adminTeachers, icon: <SolutionOutlined /> },
  { to: '/admin-quizzes', label: m.adminQuizzes, icon: <QuestionCircleOutlined /> },
  { to: '/admin-xapi', label: m.adminXapi, icon: <ApiOutlined /> },
  { to: '/admin-sessions', label: m.adminSessions, icon: <CalendarOutlined /> },
  { to: '/admin-centre', label: m.adminCentre, icon: <BankOutlined /> },
  { to: '/admin-accessibility', label: m.adminAccessibility, icon: <EyeOutlined /> },
  { to: '/admin-assistance', label: m.adminSupport, icon: <CustomerServiceOutlined /> },
  { to: '/admin-reclamations', label: m.adminComplaints, icon: <CommentOutlined /> },
  { to: '/admin-amelioration', label: m.adminImprovements, icon: <RiseOutlined /> },
  { to: '/admin-questionnaires', label: m.adminSurveys, icon: <FormOutlined /> },
  { to: '/admin-indicateurs', label: m.adminIndicators, icon: <FundOutlined /> },
  { to: '/admin-auditors', label: m.adminAuditors, icon: <AuditOutlined /> },
  { to: '/admin-logout', label: m.logout, icon: <LogoutOutlined /> },
];

export function SideMenu({ title, entries }: { title: string; entries: SideMenuEntry[] }) {
  const { pathname } = useLocation();
  // Below the lg breakpoint the menu folds under its title (CSS); the button unfolds it.
  const [open, setOpen] = useState(false);
  const selected = entries.find(
    (entry) => entry.to.replace(/\/$/, '') === pathname.replace(/\/$/, ''),
  );
  return (
    <Panel
      title={title}
      className={open ? 'side-menu is-open' : 'side-menu'}
      bodyClassName="side-menu__panel-body"
      extra={
        <Button
          type="text"
          className="side-menu__toggle"
          icon={<DownOutlined rotate={open ? 180 : 0} />}
          aria-expanded={open}
          aria-label={open ? m.hideMenu : m.showMenu}
          onClick={() => setOpen((value) => !value)}
        />
      }
    >
      <nav aria-label={title} className="side-menu__body">
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected.to] : []}
          className="side-menu__menu"
          onClick={() => setOpen(false)}
          items={entries.map((entry) => ({
            key: entry.to,
            icon: entry.icon,
            label: <Link to={entry.to}>{entry.label}</Link>,
          }))}
        />
      </nav>
    </Panel>
  );
}

/** A role area page: its side menu beside the routed screen. */
export function SideMenuLayout({ title, entries }: { title: string; entries: SideMenuEntry[] }) {
  return (
    <div className="area">
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={6}>
          <SideMenu title={title} entries={entries} />
        </Col>
        <Col xs={24} lg={18}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Col>
      </Row>
    </div>
  );
}

export const StudentSideLayout = () => (
  <SideMenuLayout title={m.student} entries={STUDENT_MENU} />
);
export const TeacherSideLayout = () => (
  <SideMenuLayout title={m.teacher} entries={TEACHER_MENU} />
);
export const AdminSideLayout = () => <SideMenuLayout title={m.admin} entries={ADMIN_MENU} />;
