/** A paged list of the API: `{count, next, previous, results}` (architecture §4). */
export interface Paged<T> {
  count: number;
  next?: string | null;
  previous?: string | null;
  results: T[];
}

/** The admin's student record and its calls, generated from the server's OpenAPI document (docs/adr/0008). */
export type {
  StudentRecordView as StudentRecord,
  CreateStudentRequest,
  CreatedStudentResponse,
  ToggleActiveResponse,
  TeacherListItem,
  UpdateStudentRequest,
  AdminPasswordRequest,
  PasswordChangeResponse,
  EnrolledCourseView as EnrolledCourse,
  MyTeacher as AssignedTrainer,
  CoursePage,
} from '../../app/api-schema';
