/** Events of the catalogue context (docs/event-catalogue.md). Payloads carry ids and values only. */
export const CATEGORY_STREAM = 'catalogue.category';
export const COURSE_STREAM = 'catalogue.course';
export const PAGE_STREAM = 'catalogue.page';

export const CONTENT_TYPES = ['video', 'video_file', 'video_url', 'text', 'quiz', 'scorm'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export interface CategoryCreated {
  type: 'CategoryCreated';
  payload: { categoryId: number; title: string; slug: string };
}
export interface CoursePublished {
  type: 'CoursePublished';
  payload: { courseId: number; title: string; categoryId: number; teacherId: number };
}
export interface ChapterAdded {
  type: 'ChapterAdded';
  payload: { courseId: number; chapterId: number; title: string; order: number; contentType: ContentType; duration: number };
}
export interface SubchapterAdded {
  type: 'SubchapterAdded';
  payload: { courseId: number; chapterId: number; subchapterId: number; title: string; order: number; contentType: ContentType; duration: number };
}
export interface PagePublished {
  type: 'PagePublished';
  payload: { pageId: number; title: string; slug: string };
}

export type CatalogueEvent = CategoryCreated | CoursePublished | ChapterAdded | SubchapterAdded | PagePublished;
export type CatalogueEventType = CatalogueEvent['type'];
