import { Link } from 'react-router-dom';
import { Typography } from 'antd';
import { Panel } from '../../../components/panel';
import { useAppSelector, usePageTitle } from '../../../lib/hooks';
import { CourseGrid, useLogFailure } from '../../../components/course';
import { useGetFavouriteCoursesQuery, useGetRecommendedCoursesQuery } from '../enrolment-api';
import { messages as m } from '../messages';

type ListQuery = typeof useGetFavouriteCoursesQuery | typeof useGetRecommendedCoursesQuery;

/** A student's own list of courses: one query keyed by the stored student id, shown as a grid. */
interface ListCopy {
  title: string;
  intro: string;
  empty: string;
  browse: string;
}

function StudentCoursesPage({ copy, useList, what }: { copy: ListCopy; useList: ListQuery; what: string }) {
  usePageTitle(copy.title);
  const studentId = Number(useAppSelector((state) => state.auth.studentId));
  const { data, isLoading, error, refetch } = useList(studentId, { skip: !Number.isInteger(studentId) });
  useLogFailure(error, what);
  return (
    <Panel className="page-card">
      <Typography.Title level={1} className="page-title">
        {copy.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{copy.intro}</Typography.Paragraph>
      <CourseGrid
        courses={data}
        loading={isLoading}
        failed={Boolean(error)}
        onRetry={refetch}
        width="beside-menu"
        skeletons={3}
        empty={
          <>
            {copy.empty} <Link to="/all-courses">{copy.browse}</Link>
          </>
        }
      />
    </Panel>
  );
}

/** /favorite-courses: GET /fetch-favorite-coourses/{studentId} (01 §2.4). */
export function FavoriteCoursesPage() {
  return <StudentCoursesPage copy={m.favourites} useList={useGetFavouriteCoursesQuery} what="cours favoris" />;
}

/** /recommended-courses: GET /fetch-recommended-courses/{studentId} (01 §2.4). */
export function RecommendedCoursesPage() {
  return <StudentCoursesPage copy={m.recommended} useList={useGetRecommendedCoursesQuery} what="cours recommandés" />;
}
