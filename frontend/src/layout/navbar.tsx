import { lazy, Suspense, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { MenuOutlined, UserOutlined } from '@ant-design/icons';
import { selectSession } from '../lib/auth-slice';
import { brandOf, logoUrl, useCentreFace } from '../lib/centre-face';
import { useAppSelector } from '../lib/hooks';
import { DASHBOARD_PATHS, LOGIN_PATHS, LOGOUT_PATHS, type SessionSnapshot } from '../lib/session';
import { CourseSearch } from './course-search';
import { messages as m } from './messages';

// The mobile menu's drawer loads when it is first opened: most visits never open it.
const NavDrawer = lazy(() => import('./nav-drawer'));

const CATALOGUE_LINKS: NavItem[] = [
  { to: '/', label: m.catalogueNav.home },
  { to: '/all-courses', label: m.catalogueNav.allCourses },
  { to: '/category', label: m.catalogueNav.categories },
];

/** Second row of the bar: the public catalogue's links and the course search. */
function CatalogueBar() {
  return (
    <div className="subnav">
      <div className="subnav__inner">
        <nav aria-label={m.catalogueNav.label}>
          <ul className="subnav__links">
            {CATALOGUE_LINKS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={({ isActive }) => (isActive ? 'subnav__link is-active' : 'subnav__link')}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <CourseSearch />
      </div>
    </div>
  );
}

interface NavItem {
  to: string;
  label: string;
}

/**
 * Links of 01 §2.2: per role, dashboard + logout when logged in; a visitor sees the student login only.
 * The staff entrances (/teacher-login, /admin-login) keep their routes but are not advertised on the
 * learners' site: staff find them through the footer's « Espace formateurs et administration » (issue 30).
 */
export function navItems(session: SessionSnapshot): NavItem[] {
  const items: NavItem[] = [];
  if (session.loggedIn.student) {
    items.push(
      { to: DASHBOARD_PATHS.student, label: m.nav.studentDashboard },
      { to: '/my-courses', label: m.nav.myCourses },
      { to: LOGOUT_PATHS.student, label: m.nav.logout },
    );
  } else {
    items.push({ to: LOGIN_PATHS.student, label: m.nav.studentLogin });
  }
  if (session.loggedIn.teacher) {
    items.push(
      { to: DASHBOARD_PATHS.teacher, label: m.nav.teacherDashboard },
      { to: LOGOUT_PATHS.teacher, label: m.nav.logout },
    );
  }
  if (session.loggedIn.admin) {
    items.push(
      { to: DASHBOARD_PATHS.admin, label: m.nav.adminDashboard },
      { to: LOGOUT_PATHS.admin, label: m.nav.logout },
    );
  }
  // An auditor (docs/adr/0039) finds their mission and their logout like the other roles.
  if (session.loggedIn.auditor) {
    items.push(
      { to: DASHBOARD_PATHS.auditor, label: m.nav.auditorDashboard },
      { to: LOGOUT_PATHS.auditor, label: m.nav.logout },
    );
  }
  return items;
}

function NavLinks({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return (
    <ul className="navbar__links">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            onClick={onNavigate}
            className={({ isActive }) => (isActive ? 'navbar__link is-active' : 'navbar__link')}
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The name the greeting shows: the app hands in one that reads the person's profile; the username stands in. */
export type GreetingName = ComponentType<{ fallback: string }>;

/**
 * The sticky header's height as `--navbar-height` on the document, kept true as it wraps or folds:
 * what sticky content (the player's outline) and scroll targets sit below. Set through the CSSOM,
 * which the page's CSP allows (no inline style).
 */
function useHeaderHeight() {
  const header = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty('--navbar-height', `${Math.ceil(element.getBoundingClientRect().height)}px`);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return header;
}

/** `Bell`: the notifications' bell, handed in by the app (layout imports no feature), shown to a logged-in student, trainer or admin. */
export function Navbar({ Name, Bell }: { Name?: GreetingName; Bell?: ComponentType }) {
  const session = useAppSelector(selectSession);
  const face = useCentreFace();
  const logo = logoUrl(face);
  const header = useHeaderHeight();
  const [open, setOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const items = navItems(session);
  const loggedIn = session.loggedIn.student || session.loggedIn.teacher || session.loggedIn.admin;
  const greeting = (testId?: string) =>
    loggedIn && session.username ? (
      <span className="navbar__greeting" data-testid={testId}>
        <UserOutlined aria-hidden /> {m.nav.hello}
        {Name ? <Name fallback={session.username} /> : session.username}
      </span>
    ) : null;

  return (
    <header ref={header} className="navbar">
      <div className="navbar__inner">
        {/* The centre's name and logo (docs/adr/0049); « LMS » before the centre names itself. */}
        <Link to="/" className="navbar__brand">
          {logo ? <img className="navbar__image" src={logo} alt="" width={40} height={40} /> : null}
          <span className={face.nom ? 'navbar__logo navbar__logo--name' : 'navbar__logo'}>{brandOf(face)}</span>
          {face.nom ? null : <span className="navbar__tagline">{m.brandTagline}</span>}
        </Link>
        <nav aria-label={m.nav.label} className="navbar__desktop">
          <NavLinks items={items} />
        </nav>
        <div className="navbar__desktop">{greeting('navbar-greeting')}</div>
        {loggedIn && Bell ? <Bell /> : null}
        <button
          type="button"
          className="navbar__burger"
          aria-label={m.nav.openMenu}
          aria-expanded={open}
          onClick={() => {
            setDrawerWanted(true);
            setOpen(true);
          }}
        >
          <MenuOutlined aria-hidden />
        </button>
      </div>
      <CatalogueBar />
      {drawerWanted ? (
        <Suspense fallback={null}>
          <NavDrawer title={m.nav.menuTitle} open={open} onClose={() => setOpen(false)}>
            {greeting()}
            <nav aria-label={m.nav.mobileLabel}>
              <NavLinks items={items} onNavigate={() => setOpen(false)} />
            </nav>
          </NavDrawer>
        </Suspense>
      ) : null}
    </header>
  );
}
