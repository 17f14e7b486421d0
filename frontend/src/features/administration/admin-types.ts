/** The back office's trainers and their calls, generated from the server's OpenAPI document (docs/adr/0008). */
export type {
  TeacherListPage as TrainerPage,
  TrainerRecordView as TrainerRecord,
  CreateTrainerRequest,
  UpdateTrainerRequest,
  UnassignedCourses as UnassignedCoursePage,
  TeacherStudent as TrainerStudent,
  TeacherStudentPage as TrainerStudentPage,
  TrainerDecisionResponse,
} from '../../lib/api-schema';

/** The progress list's query (GET /admin/students/progress/). */
export interface ProgressQuery {
  search: string;
  start_date?: string;
  end_date?: string;
  /** The learners who were in this training session. */
  session?: number;
  page: number;
}

/** The admin's student record and its calls, generated from the server's OpenAPI document (docs/adr/0008). */
export type {
  StudentRecordView as StudentRecord,
  CreateStudentRequest,
  StudentCreatedResponse as CreatedStudentResponse,
  ToggleActiveResponse,
  TeacherListItem,
  UpdateStudentRequest,
  AdminPasswordRequest,
  PasswordChangeResponse,
  EnrolledCourseEntry as EnrolledCourse,
  MyTeacher as AssignedTrainer,
  CoursePage,
  ProgressRow as StudentProgressRow,
  ProgressPage,
  RemovalPlan,
  RemovalResponse,
  DashboardView as DashboardTotals,
  TrendsView as DashboardTrends,
  WeekTrend,
} from '../../lib/api-schema';
