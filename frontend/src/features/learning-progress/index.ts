/** Learning progress: the course player (/mini/{course_id}), its saves, and the student's courses with their progress (/my-courses). */
import { lazyComponent } from '../../lib/lazy-component';

export type { PlayerQuizView, QuizStepPlace } from './screens/course-player';
export { ProgressBar } from './components/progress-bar';
export { progressBand, progressColour, matchesFilter, PROGRESS_FILTERS, type ProgressBand, type ProgressFilter } from './components/progress-band';
export { useGetProgressRulesQuery, useGetStudentCoursesQuery } from './progress-api';

// Screens, each loaded with its route.
export const CoursePlayerPage = lazyComponent(() => import('./screens/course-player-page'), (m) => m.CoursePlayerPage);
/** A SCORM step of the course preview: the run-time in browse mode, nothing saved. */
export const ScormPreview = lazyComponent(() => import('./scorm/scorm-preview'), (m) => m.ScormPreview);
export const MyCoursesPage = lazyComponent(() => import('./screens/my-courses-page'), (m) => m.MyCoursesPage);
/** The dashboard's course-tracking table, loaded with the dashboard. */
export const CourseTracking = lazyComponent(() => import('./components/course-tracking'), (m) => m.CourseTracking);
/** The progress grid of a course (issue 28 item 1): the course's trainer and admins. */
export const ProgressGridPage = lazyComponent(() => import('./screens/progress-grid-page'), (m) => m.ProgressGridPage);
export { gridMessages } from './grid-messages';
