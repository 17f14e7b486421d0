/** Catalogue feature: courses, categories, search, CMS pages and trainers' public profiles. */
export { catalogueApi, useGetCourseQuery, type CourseDetail } from './catalogue-api';
export { useCourseStatsPatch } from './course-cache';
export { CourseOverview } from './components/course-overview';
export { CourseContents, ContentInPreparation } from './components/course-contents';
export { FooterPageLinks } from './components/footer-page-links';
export { HomeCourses } from './screens/home-courses';
export { AllCoursesPage } from './screens/all-courses-page';
export { CategoriesPage } from './screens/categories-page';
export { CategoryCoursesPage } from './screens/category-courses-page';
export { SearchResultsPage } from './screens/search-results-page';
export { CmsPageScreen } from './screens/cms-page';
export { TeacherDetailPage } from './screens/teacher-detail-page';
export { TeacherSkillCoursesPage } from './screens/teacher-skill-courses-page';
export { messages as catalogueMessages } from './messages';
