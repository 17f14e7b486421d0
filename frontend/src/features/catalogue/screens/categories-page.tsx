import { Link } from 'react-router-dom';
import { Col, Empty, Row, Skeleton } from 'antd';
import { Panel } from '../../../components/panel';
import { ArrowRightOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { usePageTitle } from '../../../lib/hooks';
import { LoadFailure, useLogFailure } from '../../../components/course';
import { ContentPage } from '../../../layout/content-page';
import { useGetCategoriesQuery } from '../catalogue-api';
import { messages as m } from '../messages';

/** /category: title, total_courses and description of each category (01 §2.3). */
export function CategoriesPage() {
  usePageTitle(m.categories.title);
  const { data, isLoading, error, refetch } = useGetCategoriesQuery();
  useLogFailure(error, 'catégories');

  let body;
  if (isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (error && !data) body = <LoadFailure text={m.categories.loadFailed} onRetry={refetch} />;
  else if (!data?.length) body = <Empty description={m.categories.empty} />;
  else
    body = (
      <Row gutter={[24, 24]} role="list">
        {data.map((category) => (
          <Col key={category.id} xs={24} sm={12} lg={8} role="listitem">
            <Panel className="category-card" testId="category-card">
              <div className="category-card__icon" aria-hidden>
                <FolderOpenOutlined />
              </div>
              <h2 className="category-card__title">
                <Link to={`/course/${category.id}/${category.slug}`}>{category.title}</Link>
              </h2>
              <p className="category-card__count">{m.categories.courses(category.total_courses)}</p>
              <p className="category-card__description">{category.description}</p>
              <Link
                to={`/course/${category.id}/${category.slug}`}
                className="category-card__more"
                aria-hidden
                tabIndex={-1}
              >
                {m.categories.see} <ArrowRightOutlined />
              </Link>
            </Panel>
          </Col>
        ))}
      </Row>
    );

  return (
    <ContentPage title={m.categories.title} intro={m.categories.intro}>
      {body}
    </ContentPage>
  );
}
