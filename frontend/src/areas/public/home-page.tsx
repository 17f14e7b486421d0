import { Link } from 'react-router-dom';
import { BookOutlined, LineChartOutlined, TeamOutlined } from '@ant-design/icons';
import { selectSession } from '../../lib/auth-slice';
import { useAppSelector, usePageTitle } from '../../lib/hooks';
import { DASHBOARD_PATHS } from '../../lib/session';
import { Panel } from '../../components/panel';
import { HomeCourses } from '../../features/catalogue';
import { StudentLoginForm } from '../../features/identity';
import { messages as m } from '../messages';
import { HeroVideo } from './hero-video';

const ICONS = [<BookOutlined key="b" />, <LineChartOutlined key="l" />, <TeamOutlined key="t" />];

/** / : full-screen background video, the student login card and three courses (01 §2.3). */
export function HomePage() {
  usePageTitle(m.home.title);
  const session = useAppSelector(selectSession);

  return (
    <>
      <section className="hero">
        <HeroVideo />
        <div className="hero__inner">
          <div className="hero__columns">
            <div>
              <p className="hero__eyebrow">{m.home.eyebrow}</p>
              <h1 className="hero__title">{m.home.heading}</h1>
              <p className="hero__text">{m.home.text}</p>
              <div className="hero__links">
                <Link to="/all-courses" className="button-link button-link--large">
                  {m.home.browse}
                </Link>
                <Link to="/category" className="hero__ghost-link">
                  {m.home.categories}
                </Link>
              </div>
            </div>
            <div>
              <Panel className="hero__card" title={m.home.loginCard} titleAs="h2">
                {session.loggedIn.student ? (
                  <>
                    <p>{m.home.connectedAs(session.username ?? '')}</p>
                    <Link to={DASHBOARD_PATHS.student} className="button-link">
                      {m.home.goToSpace}
                    </Link>
                  </>
                ) : (
                  <>
                    <StudentLoginForm />
                    <p className="hero__card-footer">
                      {m.home.noAccount} <Link to="/user-register">{m.home.register}</Link>
                    </p>
                  </>
                )}
              </Panel>
            </div>
          </div>
        </div>
      </section>
      <HomeCourses />
      <section className="highlights">
        <div className="highlights__columns">
          {m.home.highlights.map((highlight, index) => (
            <div className="highlight" key={highlight.title}>
                <span className="highlight__icon" aria-hidden>
                  {ICONS[index]}
                </span>
                <h2 className="highlight__title">{highlight.title}</h2>
                <p className="highlight__text">{highlight.text}</p>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}
