import { Link } from 'react-router-dom';
import { Collapse } from 'antd';
import { usePageTitle } from '../../../lib/hooks';
import { ContentPage } from '../../../layout/content-page';
import { useGetProgressRulesQuery } from '../../../features/learning-progress';
import { faq } from './faq-content';
import { formatPercent } from '../../../lib/format';

/** /faq: the learners' questions, grouped, each answer folded under its question. */
export function FaqPage() {
  usePageTitle(faq.title);
  // The share a video needs is the server's rule, served: never a copy that could drift from it.
  const rules = useGetProgressRulesQuery();
  const videoShare = rules.data ? formatPercent(Math.round(rules.data.video.share * 100)) : faq.videoShareUnknown;
  return (
    <ContentPage title={faq.title} intro={faq.intro} narrow>
      {faq.groups.map((group) => (
        <section key={group.title} className="faq-group">
          <h2>{group.title}</h2>
          <Collapse
            items={group.questions.map((item) => ({
              key: item.q,
              label: <h3 className="faq-group__question">{item.q}</h3>,
              children: item.a.map((text) => <p key={text}>{text.replace('{videoShare}', videoShare)}</p>),
            }))}
          />
        </section>
      ))}
      <aside className="faq-more">
        <h2>{faq.moreTitle}</h2>
        <p>{faq.moreText}</p>
        <Link to="/assistance" className="button-link">
          {faq.moreLink}
        </Link>
      </aside>
    </ContentPage>
  );
}
