import { Link } from 'react-router-dom';
import { Card, Col, Row, Typography } from 'antd';
import { BookOutlined, LineChartOutlined, TeamOutlined } from '@ant-design/icons';
import { selectSession } from '../../app/auth-slice';
import { useAppSelector, usePageTitle } from '../../app/hooks';
import { DASHBOARD_PATHS } from '../../app/session';
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
          <Row gutter={[48, 32]} align="middle">
            <Col xs={24} lg={13}>
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
            </Col>
            <Col xs={24} lg={11}>
              <Card variant="outlined" className="hero__card" title={m.home.loginCard}>
                {session.loggedIn.student ? (
                  <>
                    <Typography.Paragraph>
                      {m.home.connectedAs(session.username ?? '')}
                    </Typography.Paragraph>
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
              </Card>
            </Col>
          </Row>
        </div>
      </section>
      <HomeCourses />
      <section className="highlights">
        <Row gutter={[24, 24]}>
          {m.home.highlights.map((highlight, index) => (
            <Col xs={24} md={8} key={highlight.title}>
              <div className="highlight">
                <span className="highlight__icon" aria-hidden>
                  {ICONS[index]}
                </span>
                <h2 className="highlight__title">{highlight.title}</h2>
                <p className="highlight__text">{highlight.text}</p>
              </div>
            </Col>
          ))}
        </Row>
      </section>
    </>
  );
}
