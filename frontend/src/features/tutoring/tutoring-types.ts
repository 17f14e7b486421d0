/**
 * The answers of the tutoring calls, generated from the server's OpenAPI document
 * (docs/adr/0008-generated-api-types.md), under the names the screens use.
 */
export type {
  FollowedStudent,
  GroupSentResponse,
  HomeworkView as Homework,
  MessageSentResponse,
  MessageView as Message,
  MyTeacher,
  ResponseTimesView as ResponseTimes,
  StudentDashboardView as StudentDashboard,
} from '../../lib/api-schema';

/** One conversation: a trainer and a student (the paths put the trainer first). */
export interface ConversationKey {
  teacherId: number;
  studentId: number;
}

/** Who writes from this screen: the values of msg_from the server takes (01 §7, 02 §9). */
export type Side = 'student' | 'formateur';
