import { Link } from 'react-router-dom';
import { Col, Row } from 'antd';
import { usePageTitle } from '../../../lib/hooks';
import { ContentPage } from '../../../layout/content-page';
import { about } from './info-content';

/** /aboutus: the centre, its training and how learners are followed. */
export function AboutPage() {
  usePageTitle(about.title);
  return (
    <ContentPage title={about.title} eyebrow={about.eyebrow} intro={about.intro}>
      <Row gutter={[24, 24]} className="about-values">
        {about.values.map((value) => (
          <Col xs={24} md={8} key={value.title}>
            <div className="highlight">
              <h2 className="highlight__title">{value.title}</h2>
              <p className="highlight__text">{value.text}</p>
            </div>
          </Col>
        ))}
      </Row>
      <div className="rich-text content-page__text">
        {about.sections.map((section) => (
          <section key={section.title}>
            <h2>{section.title}</h2>
            <p>{section.text}</p>
          </section>
        ))}
      </div>
      <p>
        <Link to="/all-courses" className="button-link">
          {about.cta}
        </Link>
      </p>
    </ContentPage>
  );
}
