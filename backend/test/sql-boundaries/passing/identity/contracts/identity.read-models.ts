export const STUDENT_RECORD = 'identity.student_record';
