/** Authoring feature: courses, chapters, sub-chapters, study documents and the course preview. */
import { lazyComponent } from '../../lib/lazy-component';

/** A course's steps with their content (GET /course-chapters/{id}): the preview's, and the course player's (composed by the student area). */
export { useGetChaptersQuery } from './authoring-api';

// Screens and pieces, each loaded with its route (dnd-kit comes with the structure screens only).
const coursePages = () => import('./screens/course-form-pages');
const stepPages = () => import('./screens/step-pages');
const studyPages = () => import('./screens/study-material-pages');
const previewPages = () => import('./screens/preview-pages');

export const TrainerDashboardStats = lazyComponent(() => import('./screens/trainer-dashboard-stats'), (m) => m.TrainerDashboardStats);
export const TeacherMyCoursesPage = lazyComponent(() => import('./screens/my-courses-page'), (m) => m.TeacherMyCoursesPage);
export const AddCoursePage = lazyComponent(coursePages, (m) => m.AddCoursePage);
export const EditCoursePage = lazyComponent(coursePages, (m) => m.EditCoursePage);
export const AllChaptersPage = lazyComponent(() => import('./screens/all-chapters-page'), (m) => m.AllChaptersPage);
export const AddChapterPage = lazyComponent(stepPages, (m) => m.AddChapterPage);
export const EditChapterPage = lazyComponent(stepPages, (m) => m.EditChapterPage);
export const AddSubchapterPage = lazyComponent(stepPages, (m) => m.AddSubchapterPage);
export const EditSubchapterPage = lazyComponent(stepPages, (m) => m.EditSubchapterPage);
export const EnrolledStudentsPage = lazyComponent(() => import('./screens/enrolled-students-page'), (m) => m.EnrolledStudentsPage);
export const TrainerStudyMaterialPage = lazyComponent(studyPages, (m) => m.TrainerStudyMaterialPage);
export const StudentStudyMaterialPage = lazyComponent(studyPages, (m) => m.StudentStudyMaterialPage);
export const AddStudyPage = lazyComponent(studyPages, (m) => m.AddStudyPage);
export const TrainerCoursePreviewPage = lazyComponent(previewPages, (m) => m.TrainerCoursePreviewPage);
export const AdminCoursePreviewPage = lazyComponent(previewPages, (m) => m.AdminCoursePreviewPage);
export const AdminCoursesPage = lazyComponent(() => import('./screens/admin-courses-page'), (m) => m.AdminCoursesPage);
export const AdminCourseDetailPage = lazyComponent(() => import('./screens/admin-course-detail-page'), (m) => m.AdminCourseDetailPage);
