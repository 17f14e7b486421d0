import { api } from '../../lib/api';
import type { CategoryView, CourseDetail, CoursePage, PageLink, PageView, TeacherPage } from '../../lib/api-schema';
import { COURSE_PAGE_SIZE, type CourseSummary } from '../../components/course';

// The answers' types are generated from the server's OpenAPI document (docs/adr/0008-generated-api-types.md).
export type {
  SubchapterOutline,
  ChapterOutline,
  CourseDetail,
  CategoryView as Category,
  PageLink as CmsPageLink,
  PageView as CmsPage,
  TeacherPage as TeacherProfile,
} from '../../lib/api-schema';

/** Filters of GET /course/ (01 §7, 02 §2). */
export interface CourseFilter {
  page?: number;
  category?: number;
  skillName?: string;
  teacher?: number;
}

function courseListTags(result: CoursePage | CourseSummary[] | undefined) {
  const list = Array.isArray(result) ? result : (result?.results ?? []);
  return [
    ...list.map((course) => ({ type: 'Course' as const, id: course.id })),
    { type: 'Course' as const, id: 'LIST' },
  ];
}

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCourses: build.query<CoursePage, CourseFilter>({
      query: ({ page = 1, category, skillName, teacher }) => ({
        url: 'course/',
        params: {
          page,
          page_size: COURSE_PAGE_SIZE,
          ...(category !== undefined ? { category } : {}),
          ...(skillName !== undefined ? { skill_name: skillName } : {}),
          ...(teacher !== undefined ? { teacher } : {}),
        },
      }),
      providesTags: courseListTags,
    }),
    /** The home page's selection: GET /course/?result=3 (paged shape). */
    getHomeCourses: build.query<CourseSummary[], void>({
      query: () => ({ url: 'course/', params: { result: 3 } }),
      transformResponse: (answer: CoursePage | CourseSummary[]) =>
        (Array.isArray(answer) ? answer : Array.isArray(answer?.results) ? answer.results : []).slice(0, 3),
      providesTags: courseListTags,
    }),
    getCourse: build.query<CourseDetail, number>({
      query: (id) => `course/${id}/`,
      transformResponse: (course: CourseDetail) => ({
        ...course,
        course_chapters: [...(course.course_chapters ?? [])]
          .sort((a, b) => a.order - b.order)
          .map((chapter) => ({
            ...chapter,
            subchapters: [...(chapter.subchapters ?? [])].sort((a, b) => a.order - b.order),
          })),
      }),
      providesTags: (_r, _e, id) => [{ type: 'Course', id }],
    }),
    searchCourses: build.query<CoursePage, { term: string; page?: number }>({
      query: ({ term, page = 1 }) => ({
        url: `search-courses/${encodeURIComponent(term)}/`,
        params: { page, page_size: COURSE_PAGE_SIZE },
      }),
      providesTags: courseListTags,
    }),
    getCategories: build.query<CategoryView[], void>({
      query: () => 'category/',
      providesTags: (result) => [
        ...(result ?? []).map((category) => ({ type: 'Category' as const, id: category.id })),
        { type: 'Category', id: 'LIST' },
      ],
    }),
    getPages: build.query<PageLink[], void>({
      query: () => 'pages/',
      providesTags: [{ type: 'Page', id: 'LIST' }],
    }),
    getPage: build.query<PageView, { id: number; slug: string }>({
      query: ({ id, slug }) => `pages/${id}/${encodeURIComponent(slug)}/`,
      providesTags: (_r, _e, { id }) => [{ type: 'Page', id }],
    }),
    getTeacherProfile: build.query<TeacherPage, number>({
      query: (id) => `teacher/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Teacher', id }],
    }),
  }),
});

export const {
  useGetCoursesQuery,
  useGetHomeCoursesQuery,
  useGetCourseQuery,
  useSearchCoursesQuery,
  useGetCategoriesQuery,
  useGetPagesQuery,
  useGetPageQuery,
  useGetTeacherProfileQuery,
} = catalogueApi;
