import { api } from '../../app/api';
import { COURSE_PAGE_SIZE, type CourseSummary, type Paged } from '../../components/course';

export interface SubchapterOutline {
  id: number;
  title: string;
  order: number;
  content_type: string;
  duration: number | null;
}

export interface ChapterOutline extends SubchapterOutline {
  description: string;
  subchapters: SubchapterOutline[];
}

/** GET /course/{id}: the summary plus its chapters, sorted by order. */
export interface CourseDetail extends CourseSummary {
  course_chapters: ChapterOutline[];
}

export interface Category {
  id: number;
  title: string;
  slug: string;
  description: string;
  total_courses: number;
}

export interface CmsPageLink {
  id: number;
  title: string;
  slug: string;
}

export interface CmsPage extends CmsPageLink {
  /** HTML sanitised by the server on write. */
  content: string;
}

/** GET /teacher/{teacher_id}: the public trainer profile (03 §2). */
export interface TeacherProfile {
  id: number;
  full_name: string;
  detail: string;
  profile_img: string | null;
  email: string;
  qualification: string;
  skills: string;
  skill_list: string[];
  face_url: string;
  insta_url: string;
  twit_url: string;
  web_url: string;
  you_url: string;
  total_teacher_course: number;
  teacher_courses: { id: number; title: string }[];
}

/** Filters of GET /course/ (01 §7, 02 §2). */
export interface CourseFilter {
  page?: number;
  category?: number;
  skillName?: string;
  teacher?: number;
}

function courseListTags(result: Paged<CourseSummary> | CourseSummary[] | undefined) {
  const list = Array.isArray(result) ? result : (result?.results ?? []);
  return [
    ...list.map((course) => ({ type: 'Course' as const, id: course.id })),
    { type: 'Course' as const, id: 'LIST' },
  ];
}

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCourses: build.query<Paged<CourseSummary>, CourseFilter>({
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
      transformResponse: (answer: Paged<CourseSummary> | CourseSummary[]) =>
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
    searchCourses: build.query<Paged<CourseSummary>, { term: string; page?: number }>({
      query: ({ term, page = 1 }) => ({
        url: `search-courses/${encodeURIComponent(term)}/`,
        params: { page, page_size: COURSE_PAGE_SIZE },
      }),
      providesTags: courseListTags,
    }),
    getCategories: build.query<Category[], void>({
      query: () => 'category/',
      providesTags: (result) => [
        ...(result ?? []).map((category) => ({ type: 'Category' as const, id: category.id })),
        { type: 'Category', id: 'LIST' },
      ],
    }),
    getPages: build.query<CmsPageLink[], void>({
      query: () => 'pages/',
      providesTags: [{ type: 'Page', id: 'LIST' }],
    }),
    getPage: build.query<CmsPage, { id: number; slug: string }>({
      query: ({ id, slug }) => `pages/${id}/${encodeURIComponent(slug)}/`,
      providesTags: (_r, _e, { id }) => [{ type: 'Page', id }],
    }),
    getTeacherProfile: build.query<TeacherProfile, number>({
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
