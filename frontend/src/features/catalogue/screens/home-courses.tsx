import { Link } from 'react-router-dom';
import { ArrowRightOutlined } from '@ant-design/icons';
import { CourseGrid, useLogFailure } from '../../../components/course';
import { useGetHomeCoursesQuery } from '../catalogue-api';
import { messages as m } from '../messages';

/** The home page's selection of three courses (GET /course/?result=3, 01 §2.3). */
export function HomeCourses() {
  const { data, isLoading, error, refetch } = useGetHomeCoursesQuery();
  useLogFailure(error, 'cours de la page d’accueil');
  return (
    <section className="home-courses" aria-labelledby="home-courses-title">
      <div className="home-courses__head">
        <div>
          <h2 id="home-courses-title" className="home-courses__title">
            {m.home.coursesTitle}
          </h2>
          <p className="home-courses__intro">{m.home.coursesIntro}</p>
        </div>
        <div className="home-courses__links">
          <Link to="/category">{m.home.categories}</Link>
          <Link to="/all-courses" className="button-link">
            {m.home.allCourses} <ArrowRightOutlined aria-hidden />
          </Link>
        </div>
      </div>
      <CourseGrid
        courses={data}
        loading={isLoading}
        failed={Boolean(error)}
        onRetry={refetch}
        empty={m.home.noCourses}
        titleLevel={3}
        skeletons={3}
        width="home"
      />
    </section>
  );
}
