import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, Typography } from 'antd';
import { useAppSelector, usePageTitle } from '../../../app/hooks';
import { CourseGrid, useLogFailure } from '../../../components/course';
import { useGetFavouriteCoursesQuery, useGetRecommendedCoursesQuery } from '../enrolment-api';
import { messages as m } from '../messages';

function useStudentId(): number {
  const raw = useAppSelector((state) => state.auth.studentId);
  return Number(raw);
}

function StudentCoursesCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" className="page-card">
      <Typography.Title level={1} className="page-title">
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {children}
    </Card>
  );
}

/** /favorite-courses: GET /fetch-favorite-coourses/{studentId} (01 §2.4). */
export function FavoriteCoursesPage() {
  usePageTitle(m.favourites.title);
  const studentId = useStudentId();
  const { data, isLoading, error, refetch } = useGetFavouriteCoursesQuery(studentId, {
    skip: !Number.isInteger(studentId),
  });
  useLogFailure(error, 'cours favoris');
  return (
    <StudentCoursesCard title={m.favourites.title} intro={m.favourites.intro}>
      <CourseGrid
        courses={data}
        loading={isLoading}
        failed={Boolean(error)}
        onRetry={refetch}
        width="beside-menu"
        skeletons={3}
        empty={
          <>
            {m.favourites.empty} <Link to="/all-courses">{m.favourites.browse}</Link>
          </>
        }
      />
    </StudentCoursesCard>
  );
}

/** /recommended-courses: GET /fetch-recommended-courses/{studentId} (01 §2.4). */
export function RecommendedCoursesPage() {
  usePageTitle(m.recommended.title);
  const studentId = useStudentId();
  const { data, isLoading, error, refetch } = useGetRecommendedCoursesQuery(studentId, {
    skip: !Number.isInteger(studentId),
  });
  useLogFailure(error, 'cours recommandés');
  return (
    <StudentCoursesCard title={m.recommended.title} intro={m.recommended.intro}>
      <CourseGrid
        courses={data}
        loading={isLoading}
        failed={Boolean(error)}
        onRetry={refetch}
        width="beside-menu"
        skeletons={3}
        empty={
          <>
            {m.recommended.empty} <Link to="/all-courses">{m.recommended.browse}</Link>
          </>
        }
      />
    </StudentCoursesCard>
  );
}
