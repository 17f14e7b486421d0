/** Enrolment feature: enrolling, rating, favourites and recommendations of a student. */
import { lazyComponent } from '../../lib/lazy-component';

export { enrolmentApi } from './enrolment-api';
export { CourseActions } from './components/course-actions';
export { useEnrolmentState, type EnrolmentState } from './use-enrolment-state';

// Pages, each loaded with its route.
export const FavoriteCoursesPage = lazyComponent(() => import('./screens/student-course-lists'), (m) => m.FavoriteCoursesPage);
export const RecommendedCoursesPage = lazyComponent(() => import('./screens/student-course-lists'), (m) => m.RecommendedCoursesPage);
export const AdminSessionsPage = lazyComponent(() => import('./sessions/admin-sessions-page'), (m) => m.AdminSessionsPage);
export const AdminSessionPage = lazyComponent(() => import('./sessions/admin-session-page'), (m) => m.AdminSessionPage);
export const ImportStudentsButton = lazyComponent(() => import('./imports/import-students-button'), (m) => m.ImportStudentsButton);
