import { useParams } from 'react-router-dom';
import { useGetFollowedStudentsQuery } from '../tutoring-api';
import type { ConversationKey } from '../tutoring-types';
import { asId } from '../use-ids';

/** The student and trainer of /show-assignment/{student_id}/{teacher_id} and /add-assignment/…, or undefined when malformed. */
export function useRouteConversation(): ConversationKey | undefined {
  const params = useParams();
  const studentId = asId(params.studentId);
  const teacherId = asId(params.teacherId);
  return studentId && teacherId ? { studentId, teacherId } : undefined;
}

/** The student's name, from the trainer's list of students (read once, shared with /my-users). */
export function useFollowedStudentName(key: ConversationKey | undefined): string | null {
  const { data } = useGetFollowedStudentsQuery(key?.teacherId ?? 0, { skip: !key });
  return data?.find((student) => student.id === key?.studentId)?.fullname ?? null;
}
