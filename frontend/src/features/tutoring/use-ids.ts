import { useAppSelector } from '../../lib/hooks';

/** A positive integer id from the session or an address, else undefined. */
export const asId = (value: string | null | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The signed-in student's id, or undefined when the session has none. */
export const useStudentId = () => asId(useAppSelector((state) => state.auth.studentId));

/** The signed-in trainer's id, or undefined when the session has none. */
export const useTeacherId = () => asId(useAppSelector((state) => state.auth.teacherId));
