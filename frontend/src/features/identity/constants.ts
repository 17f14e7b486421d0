/** Delays of the spec (01 §9, 02 §9). */
export const STUDENT_REGISTER_REDIRECT_MS = 2500;
export const STUDENT_PASSWORD_LOGOUT_MS = 2000;
export const TEACHER_REGISTER_REDIRECT_MS = 1500;
export const TEACHER_PASSWORD_LOGOUT_MS = 1500;
