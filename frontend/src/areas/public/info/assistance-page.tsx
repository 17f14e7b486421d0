import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Col, Row } from 'antd';
import { Panel } from '../../../components/panel';
import {
  ClockCircleOutlined,
  CustomerServiceOutlined,
  ExportOutlined,
  FieldTimeOutlined,
  MailOutlined,
  PhoneOutlined,
} from '@ant-design/icons';
import { selectIsLoggedIn } from '../../../lib/auth-slice';
import { useAppSelector, usePageTitle } from '../../../lib/hooks';
import { sideMessages } from '../../../layout/side-menu-messages';
import { SideMenu, STUDENT_MENU } from '../../../layout/side-menu';
import { useGetStudentCoursesQuery } from '../../../features/learning-progress';
import { LearnerSupportPanel } from '../../../features/support';
import { assistance as a } from './info-content';

/** The learner's support requests, with their enrolments to choose the course from (docs/adr/0037). */
function StudentSupport() {
  const studentId = useAppSelector((state) => state.auth.studentId);
  const courses = useGetStudentCoursesQuery(Number(studentId), { skip: !studentId });
  return (
    <Suspense fallback={null}>
      <LearnerSupportPanel courses={courses.data ?? []} coursesLoading={courses.isLoading} />
    </Suspense>
  );
}

function AssistanceContent({ student = false }: { student?: boolean }) {
  return (
    <Panel className="page-card assistance">
      <h1 className="content-page__title">{a.title}</h1>
      <p className="content-page__intro">{a.intro}</p>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <section className="assistance__block">
            <h2>
              <CustomerServiceOutlined aria-hidden /> {a.helpdeskTitle}
            </h2>
            <p>{a.helpdeskText}</p>
            <a href={a.helpdeskUrl} target="_blank" rel="noopener noreferrer" className="button-link">
              {a.helpdeskLink} <ExportOutlined aria-hidden />
              <span className="visually-hidden"> {a.newTab}</span>
            </a>
          </section>
        </Col>
        <Col xs={24} lg={12}>
          <section className="assistance__block">
            <h2>
              <ClockCircleOutlined aria-hidden /> {a.hoursTitle}
            </h2>
            <ul className="assistance__list">
              <li>{a.hours}</li>
              <li>{a.online}</li>
            </ul>
            <h2>
              <FieldTimeOutlined aria-hidden /> {a.responseTitle}
            </h2>
            <p>{a.response}</p>
          </section>
        </Col>
        <Col xs={24}>
          <section className="assistance__block">
            <h2>{a.contactTitle}</h2>
            <p className="assistance__contact">
              <span>
                <PhoneOutlined aria-hidden /> <a href={a.phoneHref}>{a.phone}</a>
              </span>
              <span>
                <MailOutlined aria-hidden /> <a href={`mailto:${a.email}`}>{a.email}</a>
              </span>
            </p>
            <p>
              {a.faqHint} <Link to="/faq">{a.faqLink}</Link>.
            </p>
          </section>
        </Col>
        {student ? (
          // A signed-in learner opens requests here: recorded, answered, and kept as evidence (docs/adr/0037).
          <Col xs={24}>
            <StudentSupport />
          </Col>
        ) : null}
      </Row>
    </Panel>
  );
}

/**
 * /assistance (01 §2.3): open to everyone; a logged-in student keeps the 'Espace Etudiant' side
 * menu around it, since the page is one of that menu's entries.
 */
export function AssistancePage() {
  usePageTitle(a.title);
  const student = useAppSelector((state) => selectIsLoggedIn(state, 'student'));
  if (!student) {
    return (
      <div className="content-page content-page--narrow">
        <AssistanceContent />
      </div>
    );
  }
  return (
    <div className="area">
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={6}>
          <SideMenu title={sideMessages.student} entries={STUDENT_MENU} />
        </Col>
        <Col xs={24} lg={18}>
          <AssistanceContent student />
        </Col>
      </Row>
    </div>
  );
}
