import { Link, useParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/hooks';
import { PagedCourses, usePageParam } from '../../../components/course';
import { ContentPage } from '../../../layout/content-page';
import { useSearchCoursesQuery } from '../catalogue-api';
import { messages as m } from '../messages';

/** /search/{searchstring}: GET /search-courses/{searchstring}, paginated (01 §2.3). */
export function SearchResultsPage() {
  const { searchstring = '' } = useParams();
  const term = searchstring.trim();
  const [page, setPage] = usePageParam();
  const result = useSearchCoursesQuery({ term, page }, { skip: !term });
  usePageTitle(m.search.pageTitle(term));
  const count = result.data?.count;

  return (
    <ContentPage
      title={
        <>
          {m.search.resultsFor} <span className="search-term">« {term} »</span>
        </>
      }
      intro={count ? m.search.found(count) : undefined}
    >
      <PagedCourses
        {...result}
        data={term ? result.data : { count: 0, next: null, previous: null, results: [] }}
        page={page}
        onPage={setPage}
        empty={
          <>
            <span className="search-empty">{m.search.none}</span>{' '}
            <Link to="/all-courses">{m.search.seeAll}</Link>
          </>
        }
        what={`recherche « ${term} »`}
      />
    </ContentPage>
  );
}
