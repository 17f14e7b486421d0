import { Link, useParams } from 'react-router-dom';
import { Skeleton } from 'antd';
import { usePageTitle } from '../../../lib/hooks';
import { LoadFailure, useLogFailure } from '../../../components/course';
import { StatusMessage } from '../../../components/status';
import { ContentPage } from '../../../layout/content-page';
import { useGetPageQuery } from '../catalogue-api';
import { ServerSanitisedHtml } from '../components/server-sanitised-html';
import { messages as m } from '../messages';

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

/** /page/{page_id}/{page_slug}: a CMS page, its title and its (server-sanitised) HTML (01 §2.3). */
export function CmsPageScreen() {
  const { pageId, pageSlug = '' } = useParams();
  const id = Number(pageId);
  const { data, isLoading, error, refetch } = useGetPageQuery(
    { id, slug: pageSlug },
    { skip: !Number.isInteger(id) },
  );
  useLogFailure(error, `page ${pageId}/${pageSlug}`);
  usePageTitle(data?.title ?? (error ? m.page.notFoundTitle : ''));

  if (isLoading) {
    return (
      <div className="content-page content-page--narrow">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (!data) {
    return isNotFound(error) || !Number.isInteger(id) ? (
      <StatusMessage
        kind="not-found"
        level={1}
        title={m.page.notFoundTitle}
        text={m.page.notFoundText}
        extra={
          <Link to="/" className="button-link">
            {m.page.home}
          </Link>
        }
      />
    ) : (
      <LoadFailure onRetry={refetch} />
    );
  }
  return (
    <ContentPage title={data.title} narrow>
      <ServerSanitisedHtml html={data.content} className="rich-text" />
    </ContentPage>
  );
}
