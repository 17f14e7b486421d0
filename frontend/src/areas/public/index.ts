/** Public area chunk (lazy): the catalogue's screens, the course detail and the static pages. */
export { HomePage } from './home-page';
export { CourseDetailPage } from './course-detail-page';
export { AboutPage } from './info/about-page';
export { PolicyPage } from './info/policy-page';
export { FaqPage } from './info/faq-page';
export { AssistancePage } from './info/assistance-page';
export {
  AllCoursesPage,
  CategoriesPage,
  CategoryCoursesPage,
  SearchResultsPage,
  CmsPageScreen,
  TeacherDetailPage,
  TeacherSkillCoursesPage,
} from '../../features/catalogue';
