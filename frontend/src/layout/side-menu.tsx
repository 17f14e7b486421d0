import { Suspense, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Button, Col, Menu, Row } from 'antd';
import {
  ApiOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  DownOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileDoneOutlined,
  HeartOutlined,
  KeyOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SolutionOutlined,
  StarOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Panel } from '../components/panel';
import { PageLoader } from './page-loader';
import { messages as m } from './messages';

export interface SideMenuEntry {
  to: string;
  label: string;
  icon: ReactNode;
}

export const STUDENT_MENU: SideMenuEntry[] = [
  { to: '/user-dashboard', label: m.side.dashboard, icon: <DashboardOutlined /> },
  { to: '/my-courses', label: m.side.myCourses, icon: <BookOutlined /> },
  { to: '/my-teachers', label: m.side.myTeachers, icon: <TeamOutlined /> },
  { to: '/favorite-courses', label: m.side.favoriteCourses, icon: <HeartOutlined /> },
  { to: '/recommended-courses', label: m.side.recommendedCourses, icon: <StarOutlined /> },
  { to: '/my-assignments/', label: m.side.myAssignments, icon: <FileDoneOutlined /> },
  { to: '/profile-setting', label: m.side.profile, icon: <UserOutlined /> },
  { to: '/change-password', label: m.side.password, icon: <KeyOutlined /> },
  { to: '/assistance', label: m.side.assistance, icon: <CustomerServiceOutlined /> },
  { to: '/user-logout', label: m.side.logout, icon: <LogoutOutlined /> },
];

export const TEACHER_MENU: SideMenuEntry[] = [
  { to: '/teacher-dashboard', label: m.side.dashboard, icon: <DashboardOutlined /> },
  { to: '/teacher-my-course', label: m.side.myCourses, icon: <BookOutlined /> },
  { to: '/quiz', label: m.side.myQuizzes, icon: <QuestionCircleOutlined /> },
  { to: '/question-bank', label: m.side.questionBank, icon: <DatabaseOutlined /> },
  { to: '/my-users', label: m.side.myStudents, icon: <TeamOutlined /> },
  { to: '/teacher-profile-setting', label: m.side.profile, icon: <UserOutlined /> },
  { to: '/teacher-change-password', label: m.side.password, icon: <KeyOutlined /> },
  { to: '/teacher-assistance', label: m.side.adminSupport, icon: <CustomerServiceOutlined /> },
  { to: '/teacher-logout', label: m.side.logout, icon: <LogoutOutlined /> },
];

// The spec's order (03 §2), then the xAPI accesses (issue 12) before the logout.
export const ADMIN_MENU: SideMenuEntry[] = [
  { to: '/admin-dashboard', label: m.side.dashboard, icon: <DashboardOutlined /> },
  { to: '/admin-users', label: m.side.adminStudents, icon: <TeamOutlined /> },
  { to: '/admin-courses', label: m.side.adminCourses, icon: <ReadOutlined /> },
  { to: '/admin-stat-dashboard-user', label: m.side.adminProgress, icon: <BarChartOutlined /> },
  { to: '/admin-teachers', label: m.side.adminTeachers, icon: <SolutionOutlined /> },
  { to: '/admin-quizzes', label: m.side.adminQuizzes, icon: <QuestionCircleOutlined /> },
  { to: '/admin-xapi', label: m.side.adminXapi, icon: <ApiOutlined /> },
  { to: '/admin-centre', label: m.side.adminCentre, icon: <BankOutlined /> },
  { to: '/admin-assistance', label: m.side.adminSupport, icon: <CustomerServiceOutlined /> },
  { to: '/admin-auditors', label: m.side.adminAuditors, icon: <AuditOutlined /> },
  { to: '/admin-logout', label: m.side.logout, icon: <LogoutOutlined /> },
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
          aria-label={open ? m.side.hideMenu : m.side.showMenu}
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
  <SideMenuLayout title={m.side.student} entries={STUDENT_MENU} />
);
export const TeacherSideLayout = () => (
  <SideMenuLayout title={m.side.teacher} entries={TEACHER_MENU} />
);
export const AdminSideLayout = () => <SideMenuLayout title={m.side.admin} entries={ADMIN_MENU} />;
