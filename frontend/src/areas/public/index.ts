/** Public area: the catalogue's screens, the course detail and the static pages, each loaded with its route. */
import { lazyComponent } from '../../lib/lazy-component';

export const HomePage = lazyComponent(() => import('./home-page'), (m) => m.HomePage);
export const CourseDetailPage = lazyComponent(() => import('./course-detail-page'), (m) => m.CourseDetailPage);
export const AboutPage = lazyComponent(() => import('./info/about-page'), (m) => m.AboutPage);
export const PolicyPage = lazyComponent(() => import('./info/policy-page'), (m) => m.PolicyPage);
export const FaqPage = lazyComponent(() => import('./info/faq-page'), (m) => m.FaqPage);
export const AssistancePage = lazyComponent(() => import('./info/assistance-page'), (m) => m.AssistancePage);
export {
  AllCoursesPage,
  CategoriesPage,
  CategoryCoursesPage,
  SearchResultsPage,
  CmsPageScreen,
  TeacherDetailPage,
  TeacherSkillCoursesPage,
} from '../../features/catalogue';
