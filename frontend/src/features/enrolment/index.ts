/** Enrolment feature: enrolling, rating, favourites and recommendations of a student. */
export { enrolmentApi } from './enrolment-api';
export { CourseActions } from './components/course-actions';
export { useEnrolmentState, type EnrolmentState } from './use-enrolment-state';
export { FavoriteCoursesPage, RecommendedCoursesPage } from './screens/student-course-lists';
