import { selectSession } from '../../lib/auth-slice';
import { useAppSelector } from '../../lib/hooks';
import { useGetEnrolStatusQuery } from './enrolment-api';

export interface EnrolmentState {
  /** The logged-in student's id, or null for a visitor (or another role). */
  studentId: number | null;
  /** True once the server says the student is enrolled (formation_title rule included, 01 §4). */
  enrolled: boolean;
  loading: boolean;
}

/** Whether the logged-in student is enrolled in a course; visitors are never enrolled. */
export function useEnrolmentState(courseId: number): EnrolmentState {
  const session = useAppSelector(selectSession);
  const raw = session.loggedIn.student ? Number(session.studentId) : NaN;
  const studentId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const { data, isLoading } = useGetEnrolStatusQuery(
    { studentId: studentId ?? 0, courseId },
    { skip: studentId === null || !Number.isInteger(courseId) },
  );
  return { studentId, enrolled: Boolean(studentId && data), loading: studentId !== null && isLoading };
}
