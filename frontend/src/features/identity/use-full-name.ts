import { useAppSelector } from '../../lib/hooks';
import { useGetStudentQuery, useGetTeacherQuery } from './identity-api';

/**
 * The full name of the logged-in student or trainer, read from their profile: `undefined` while it
 * loads, `null` when it cannot be had (the caller then falls back on the username).
 */
export function useFullName(role: 'student' | 'teacher'): string | null | undefined {
  const studentId = useAppSelector((state) => state.auth.studentId);
  const teacherId = useAppSelector((state) => state.auth.teacherId);
  const student = useGetStudentQuery(studentId ?? '', { skip: role !== 'student' || !studentId });
  const teacher = useGetTeacherQuery(teacherId ?? '', { skip: role !== 'teacher' || !teacherId });
  const query = role === 'student' ? student : teacher;
  const name = role === 'student' ? student.data?.fullname : teacher.data?.full_name;
  if (name?.trim()) return name.trim();
  return query.isLoading ? undefined : null;
}
