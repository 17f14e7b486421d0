/**
 * PROVISIONAL: the answers of the authoring calls, written by hand from the contract until the
 * backend's response classes land on main; then this file re-exports the generated types of
 * app/api-schema.d.ts under these names (docs/adr/0008-generated-api-types.md) and nothing else
 * in the feature changes. Keep every hand-written answer type here and nowhere else.
 */

export type ChapterContentType = 'video_file' | 'video_url' | 'text' | 'quiz' | 'scorm';
export type SubchapterContentType = Exclude<ChapterContentType, 'scorm'>;

/** GET /teacher-course/{teacher_id}, /formateur-course/{teacher}. */
export interface TrainerCourse {
  id: number;
  title: string;
  description: string;
  featured_img: string;
  /** 0–5, one decimal. */
  course_rating: number | null;
  total_enrolled_students: number;
  chapter_count: number;
  /** Seconds. */
  total_duration: number;
  category: number | { id: number; title: string } | null;
}

/** POST /course/, PUT /course/{id}/, GET/PUT /teacher-course-detail/{course_id}. */
export interface CourseView {
  id: number;
  title: string;
  description: string;
  featured_img: string | null;
  category: number;
  formateur: number | null;
  techs: string;
}

/** GET /course/?search=&page= (admin: every course not archived). */
export interface AdminCourseRow {
  id: number;
  title: string;
  description: string;
  featured_img: string;
  formateur: number | null;
  category: { id: number; title: string };
  techs: string;
  total_chapters: number;
  total_duration: number;
}

export interface AdminCoursePage {
  count: number;
  next: string | null;
  previous: string | null;
  results: AdminCourseRow[];
}

/** GET /course/{id}/removal/, /chapter/{id}/removal/, /subchapter/{id}/removal/. */
export interface RemovalPreview {
  mode: 'archive' | 'delete';
  enrolled_students: number;
}

/** DELETE /course/{id}/, /chapter/{id}/, /subchapter/{id}/. */
export interface RemovalResult {
  archived: boolean;
}

/** GET /formateur/dashboard/{teacher}/. */
export interface TrainerDashboard {
  total_formateur_course: number;
  total_formateur_students: number;
  total_formateur_chapters: number;
}

export interface SubchapterView {
  id: number;
  chapter: number;
  course: number;
  title: string;
  description: string;
  order: number;
  content_type: SubchapterContentType;
  duration: number;
  video_url: string;
  video_embed_url: string | null;
  video: string | null;
  text_content: string;
  quiz: number | null;
}

export interface ChapterView {
  id: number;
  course: number;
  course_title: string;
  title: string;
  description: string;
  order: number;
  content_type: ChapterContentType;
  duration: number;
  video_url: string;
  video_embed_url: string | null;
  video: string | null;
  text_content: string;
  quiz: number | null;
  scorm_url: string | null;
  scorm_version: '1.2' | '2004' | null;
  subchapters: SubchapterView[];
}

/** GET /course/{id}: the public structure, with the content fields of every step. */
export interface CourseContentSubchapter {
  id: number;
  title: string;
  description?: string;
  order: number;
  content_type: string;
  duration: number;
  video_url?: string | null;
  video_embed_url?: string | null;
  video?: string | null;
  text_content?: string | null;
  quiz?: number | null;
}

export interface CourseContentChapter extends CourseContentSubchapter {
  scorm_url?: string | null;
  subchapters: CourseContentSubchapter[];
}

export interface CourseContent {
  id: number;
  title: string;
  description: string;
  featured_img: string;
  total_chapters?: number;
  total_duration?: number;
  course_chapters: CourseContentChapter[];
}

/** GET /study-material/{course_id}. */
export interface StudyMaterial {
  id: number;
  course: number;
  title: string;
  description: string;
  upload: string;
  file_name: string;
  remarks: string;
  created_at: string;
}

/** GET /fetch-enrolled-students/{course_id}. */
export interface EnrolledStudent {
  id: number;
  student: {
    id: number;
    fullname: string;
    email: string;
    profile_img: string | null;
    interseted_categories: string;
  };
}
