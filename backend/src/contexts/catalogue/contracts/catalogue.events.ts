/** Events of the catalogue context (docs/event-catalogue.md). Payloads carry ids and values only. */
export const CATEGORY_STREAM = 'catalogue.category';
export const COURSE_STREAM = 'catalogue.course';
export const PAGE_STREAM = 'catalogue.page';
export const STUDY_MATERIAL_STREAM = 'catalogue.study-material';
/** One stream per document and learner (`{materialId}.{studentId}`): their downloads, never contended by other learners. */
export const DOCUMENT_DOWNLOAD_STREAM = 'catalogue.document-download';

export const CONTENT_TYPES = ['video', 'video_file', 'video_url', 'text', 'quiz', 'scorm'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
/** Sub-chapters take every type but a SCORM package (the spec's sub-chapter form). */
export const SUBCHAPTER_CONTENT_TYPES = ['video', 'video_file', 'video_url', 'text', 'quiz'] as const satisfies readonly ContentType[];

export interface CategoryCreated {
  type: 'CategoryCreated';
  payload: { categoryId: number; title: string; slug: string };
}
/** A course exists (authoring, demo data). `teacherId` null: an admin's course not yet assigned. */
export interface CourseCreated {
  type: 'CourseCreated';
  /**
   * `status` (issue 25, docs/adr/0030): `draft` for a trainer's or admin's new course; `published`
   * for one brought in published (demo data, test fixtures). Absent before issue 25: published.
   */
  payload: { courseId: number; title: string; categoryId: number; teacherId: number | null; status?: 'draft' | 'published' };
}
/** The former name of CourseCreated, still in logs written before issue 8: read as the same fact. */
export interface CoursePublished {
  type: 'CoursePublished';
  payload: { courseId: number; title: string; categoryId: number; teacherId: number };
}
export interface CourseUpdated {
  type: 'CourseUpdated';
  payload: { courseId: number; title: string; categoryId: number; teacherId: number | null; imageReplaced: boolean };
}
/** An admin gave a course that had no trainer to a trainer (POST /formateur/{id}/assign-course/). */
export interface CourseAssignedToTrainer {
  type: 'CourseAssignedToTrainer';
  payload: { courseId: number; teacherId: number; categoryId: number };
}
/** Removed by its author while learners were enrolled: hidden from the catalogue and the player, kept for their records. */
export interface CourseArchived {
  type: 'CourseArchived';
  payload: { courseId: number; categoryId: number; teacherId: number | null; enrolledStudents: number };
}
/**
 * « Publier » (docs/adr/0030): the course entered the catalogue and opened to enrolment.
 * `playableChapters`: how many live chapters had content when published.
 */
export interface CourseReleased {
  type: 'CourseReleased';
  payload: { courseId: number; categoryId: number; teacherId: number | null; playableChapters: number };
}
/** « Repasser en brouillon »: out of the catalogue, closed to new enrolments; enrolled learners keep it. */
export interface CourseReturnedToDraft {
  type: 'CourseReturnedToDraft';
  payload: { courseId: number; categoryId: number; teacherId: number | null };
}
/** Removed before any learner enrolled: the course, its steps and files are gone (its events stay). */
export interface CourseDeleted {
  type: 'CourseDeleted';
  payload: { courseId: number };
}
/**
 * What the course promises changed (issue 26, docs/adr/0011): recorded at creation and whenever a
 * value changes. The objectives are the trainer's text: the log keeps their count and sha256 only.
 */
export interface CoursePromisesDeclared {
  type: 'CoursePromisesDeclared';
  payload: {
    courseId: number;
    objectivesCount: number;
    objectivesSha256: string | null;
    plannedMinutes: number | null;
    nature: 'action_formation' | 'bilan_competences' | 'vae' | 'apprentissage' | null;
  };
}
/**
 * The programme sheet of a course changed (issue 29 item 1, docs/adr/0047): its structured values,
 * and a SHA-256 of each free text filled (and of the disability referent's contact): the texts are
 * the course's content, the log proves what they were.
 */
export interface CourseProgrammeDeclared {
  type: 'CourseProgrammeDeclared';
  payload: {
    courseId: number;
    modality: 'distance' | 'mixte' | 'presentiel' | null;
    priceCents: number | null;
    onQuote: boolean;
    certifying: boolean;
    certificationCode: string | null;
    cpfEligible: boolean;
    textsSha256: Partial<Record<
      'targetPublic' | 'prerequisites' | 'accessDelays' | 'teachingMethods' | 'evaluationMethods' | 'accessibility' | 'contacts' | 'certifier' | 'equivalences' | 'outcomes',
      string
    >>;
    referentSha256: string | null;
  };
}
/** A chapter's or sub-chapter's declared average duration (D.6313-3-1 2°) was set, changed or cleared (null). */
export interface StepDurationDeclared {
  type: 'StepDurationDeclared';
  payload: { courseId: number; chapterId: number; subchapterId: number | null; declaredMinutes: number | null };
}
export interface ChapterAdded {
  type: 'ChapterAdded';
  /** scormRule: what validates a SCORM chapter (SCORM chapters only). */
  payload: { courseId: number; chapterId: number; title: string; order: number; contentType: ContentType; duration: number; scormRule?: 'completed_or_passed' | 'completed' | 'passed' };
}
export interface ChapterUpdated {
  type: 'ChapterUpdated';
  payload: { courseId: number; chapterId: number; title: string; contentType: ContentType; duration: number; mediaReplaced: boolean; scormRule?: 'completed_or_passed' | 'completed' | 'passed' };
}
export interface ChapterArchived {
  type: 'ChapterArchived';
  payload: { courseId: number; chapterId: number };
}
export interface ChapterDeleted {
  type: 'ChapterDeleted';
  payload: { courseId: number; chapterId: number };
}
/** The course's live chapters, in their new order (position = index + 1). */
export interface ChapterReordered {
  type: 'ChapterReordered';
  payload: { courseId: number; chapterIds: number[] };
}
export interface SubchapterAdded {
  type: 'SubchapterAdded';
  payload: { courseId: number; chapterId: number; subchapterId: number; title: string; order: number; contentType: ContentType; duration: number };
}
export interface SubchapterUpdated {
  type: 'SubchapterUpdated';
  payload: { courseId: number; chapterId: number; subchapterId: number; title: string; contentType: ContentType; duration: number; mediaReplaced: boolean };
}
export interface SubchapterArchived {
  type: 'SubchapterArchived';
  payload: { courseId: number; chapterId: number; subchapterId: number };
}
export interface SubchapterDeleted {
  type: 'SubchapterDeleted';
  payload: { courseId: number; chapterId: number; subchapterId: number };
}
export interface SubchapterReordered {
  type: 'SubchapterReordered';
  payload: { courseId: number; chapterId: number; subchapterIds: number[] };
}
/** A video file stored for a step; `duration` read from the file (null when unreadable). */
export interface VideoUploaded {
  type: 'VideoUploaded';
  payload: { courseId: number; chapterId: number; subchapterId: number | null; format: string; bytes: number; duration: number | null };
}
export interface ScormPackageImported {
  type: 'ScormPackageImported';
  payload: { courseId: number; chapterId: number; version: '1.2' | '2004'; launch: string; items: number; bytes: number };
}
export interface PagePublished {
  type: 'PagePublished';
  payload: { pageId: number; title: string; slug: string };
}
export interface StudyMaterialAdded {
  type: 'StudyMaterialAdded';
  payload: { courseId: number; materialId: number; contentType: string; bytes: number };
}
export interface StudyMaterialRemoved {
  type: 'StudyMaterialRemoved';
  payload: { courseId: number; materialId: number; archived: boolean };
}

export type CourseEvent =
  | CourseCreated | CoursePublished | CourseUpdated | CourseAssignedToTrainer | CourseArchived | CourseDeleted
  | CourseReleased | CourseReturnedToDraft | CoursePromisesDeclared | CourseProgrammeDeclared | StepDurationDeclared
  | ChapterAdded | ChapterUpdated | ChapterArchived | ChapterDeleted | ChapterReordered
  | SubchapterAdded | SubchapterUpdated | SubchapterArchived | SubchapterDeleted | SubchapterReordered
  | VideoUploaded | ScormPackageImported;
/**
 * A learner enrolled in the course downloaded one of its documents (issue 29 item 7, indicator 19):
 * decided by the server when the gate starts sending the file (`startsADownload`: not a 304, a 416,
 * nor an If-Range resumption; not a HEAD), once per DOCUMENT_DOWNLOAD_WINDOW_SECONDS for the same
 * learner and document (a range resuming it is the same download); a trainer's or admin's preview
 * is not a learner's use.
 */
export interface StudyDocumentDownloaded {
  type: 'StudyDocumentDownloaded';
  payload: { courseId: number; materialId: number; studentId: number };
}

export type StudyMaterialEvent = StudyMaterialAdded | StudyMaterialRemoved;
export type CatalogueEvent = CategoryCreated | CourseEvent | PagePublished | StudyMaterialEvent | StudyDocumentDownloaded;
export type CatalogueEventType = CatalogueEvent['type'];
