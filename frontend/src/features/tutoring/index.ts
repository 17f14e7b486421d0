/** Tutoring feature: a student's trainers and a trainer's students, their messages and the homework. */
import { lazyComponent } from '../../lib/lazy-component';

// Pages and pieces, each loaded with its route.
export const StudentDashboardStats = lazyComponent(() => import('./screens/student-dashboard-stats'), (m) => m.StudentDashboardStats);
export const MyTeachersPage = lazyComponent(() => import('./screens/my-teachers-page'), (m) => m.MyTeachersPage);
export const MyAssignmentsPage = lazyComponent(() => import('./screens/my-assignments-page'), (m) => m.MyAssignmentsPage);
export const MyUsersPage = lazyComponent(() => import('./screens/my-users-page'), (m) => m.MyUsersPage);
export const ShowAssignmentPage = lazyComponent(() => import('./screens/show-assignment-page'), (m) => m.ShowAssignmentPage);
export const AddAssignmentPage = lazyComponent(() => import('./screens/add-assignment-page'), (m) => m.AddAssignmentPage);
