/** Catalogue feature: courses, categories, search, CMS pages and trainers' public profiles. */
import { lazyComponent } from '../../lib/lazy-component';

export { catalogueApi, useGetCourseQuery, type CourseDetail } from './catalogue-api';
export { useCourseStatsPatch } from './course-cache';
export { CourseOverview } from './components/course-overview';
export { CourseContents, ContentInPreparation } from './components/course-contents';
export { FooterPageLinks } from './components/footer-page-links';
export { HomeCourses } from './screens/home-courses';
export { messages as catalogueMessages } from './messages';

// Pages, each loaded with its route.
export const AllCoursesPage = lazyComponent(() => import('./screens/all-courses-page'), (m) => m.AllCoursesPage);
export const CategoriesPage = lazyComponent(() => import('./screens/categories-page'), (m) => m.CategoriesPage);
export const CategoryCoursesPage = lazyComponent(() => import('./screens/category-courses-page'), (m) => m.CategoryCoursesPage);
export const SearchResultsPage = lazyComponent(() => import('./screens/search-results-page'), (m) => m.SearchResultsPage);
export const CmsPageScreen = lazyComponent(() => import('./screens/cms-page'), (m) => m.CmsPageScreen);
export const TeacherDetailPage = lazyComponent(() => import('./screens/teacher-detail-page'), (m) => m.TeacherDetailPage);
export const TeacherSkillCoursesPage = lazyComponent(
  () => import('./screens/teacher-skill-courses-page'),
  (m) => m.TeacherSkillCoursesPage,
);
