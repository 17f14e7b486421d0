import { usePageTitle } from '../../../lib/hooks';
import { PagedCourses, usePageParam } from '../../../components/course';
import { ContentPage } from '../../../layout/content-page';
import { useGetCoursesQuery } from '../catalogue-api';
import { messages as m } from '../messages';

/** /all-courses: 'Tous les cours disponibles', four cards per row, Previous/Next (01 §2.3). */
export function AllCoursesPage() {
  usePageTitle(m.allCourses.title);
  const [page, setPage] = usePageParam();
  const result = useGetCoursesQuery({ page });
  return (
    <ContentPage title={m.allCourses.title} intro={m.allCourses.intro}>
      <PagedCourses {...result} page={page} onPage={setPage} what="liste des cours" />
    </ContentPage>
  );
}
