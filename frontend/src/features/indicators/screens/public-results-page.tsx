import { Spin, Table } from 'antd';
import { ContentPage } from '../../../layout/content-page';
import { StatusMessage } from '../../../components/status';
import { frenchDay } from '../../../lib/format';
import { usePageTitle } from '../../../lib/hooks';
import { useGetPublicResultsQuery, type PublicResultsView } from '../indicators-api';
import { publicMessages as m } from '../messages';
import { rateText, ScrollRegion } from './indicators-page';
import '../indicators.css';

type Row = PublicResultsView['courses'][number];

/** A rate, or « Effectif insuffisant » below five learners (the server leaves it out). */
const rateOrTooFew = (rate: number | null, learners: number) => (rate === null ? (learners > 0 ? m.tooFew : '—') : rateText(rate));

/** « Nos résultats »: what the centre publishes of its results (indicator 2, docs/adr/0056), when it chose to. */
export function PublicResultsPage() {
  usePageTitle(m.title);
  const results = useGetPublicResultsQuery();
  const data = results.data;
  if (results.isLoading) return <Spin fullscreen aria-label={m.title} />;
  if (!data?.enabled) {
    return (
      <ContentPage title={m.title} narrow>
        <StatusMessage kind="preparing" title={m.offTitle} text={m.off} />
      </ContentPage>
    );
  }
  return (
    <ContentPage title={m.title} intro={m.intro(frenchDay(data.from), frenchDay(data.to))} narrow>
      <div data-testid="public-results">
        {data.overall ? (
          <dl className="indicator-facts">
            <div><dt>{m.learners}</dt><dd>{data.overall.learners}</dd></div>
            <div><dt>{m.completion}</dt><dd>{rateOrTooFew(data.overall.completion_rate, data.overall.learners)}</dd></div>
            <div><dt>{m.success}</dt><dd>{rateOrTooFew(data.overall.success_rate, data.overall.learners)}</dd></div>
          </dl>
        ) : null}
        {data.courses.length === 0 ? (
          <p>{m.none}</p>
        ) : (
          <ScrollRegion label={m.course}>
            <Table<Row>
              rowKey="course_id"
              dataSource={data.courses}
              pagination={false}
              columns={[
                { title: m.course, dataIndex: 'title' },
                { title: m.learners, dataIndex: 'learners', width: 110 },
                { title: m.completion, width: 150, render: (_, r) => rateOrTooFew(r.completion_rate, r.learners) },
                { title: m.success, width: 190, render: (_, r) => rateOrTooFew(r.success_rate, r.learners) },
              ]}
            />
          </ScrollRegion>
        )}
        <p className="indicator-help">{m.tooFewHelp}</p>
      </div>
    </ContentPage>
  );
}
