/**
 * The answers of the authoring calls, generated from the server's OpenAPI document
 * (docs/adr/0008-generated-api-types.md), under the names the screens use.
 */
import type { ChapterView } from '../../lib/api-schema';

export type {
  AuthoredCourseRow as TrainerCourse,
  ChapterView,
  CourseDetail as CourseOverview,
  CourseEditView as CourseView,
  CoursePage as AdminCoursePage,
  CourseStudentView as EnrolledStudent,
  CourseSummary as AdminCourseRow,
  PublicationResult,
  RemovalImpactView as RemovalPreview,
  RemovalResult,
  ScormTraceAttempt,
  ScormTraceView as ScormTrace,
  StudyMaterialView as StudyMaterial,
  SubchapterView,
  TrainerDashboardView as TrainerDashboard,
} from '../../lib/api-schema';

/** The types a form offers (02 §9): 'video' is the spec's older name of 'video_file', read but not offered. */
export type ChapterContentType = Exclude<ChapterView['content_type'], 'video'>;

/** A trainer the admin's course form offers (GET /formateur/). */
export interface TrainerOption {
  id: number;
  name: string;
}
