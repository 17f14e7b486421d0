import { Link, useParams } from 'react-router-dom';
import { Breadcrumb } from 'antd';
import { usePageTitle } from '../../../lib/hooks';
import { PagedCourses, usePageParam } from '../../../components/course';
import { ContentPage } from '../../../layout/content-page';
import { useGetCategoriesQuery, useGetCoursesQuery } from '../catalogue-api';
import { messages as m } from '../messages';

function titleFromSlug(slug: string | undefined): string {
  const words = (slug ?? '').replace(/-/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : m.category.fallbackTitle;
}

/** /course/{category_id}/{category_slug}: the courses of one category, paginated (01 §2.3). */
export function CategoryCoursesPage() {
  const { categoryId, categorySlug } = useParams();
  const id = Number(categoryId);
  const [page, setPage] = usePageParam();
  const result = useGetCoursesQuery({ page, category: id }, { skip: !Number.isInteger(id) });
  const { data: categories } = useGetCategoriesQuery();
  const category = categories?.find((c) => c.id === id);
  const title = category?.title ?? titleFromSlug(categorySlug);
  usePageTitle(title);

  return (
    <ContentPage
      title={title}
      intro={category?.description}
      eyebrow={
        <Breadcrumb
          items={[{ title: <Link to="/category">{m.category.breadcrumb}</Link> }, { title }]}
        />
      }
    >
      <PagedCourses
        {...result}
        page={page}
        onPage={setPage}
        empty={m.category.empty}
        what={`cours de la catégorie ${categoryId}`}
      />
    </ContentPage>
  );
}
