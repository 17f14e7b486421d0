/** Not SQL: a projection's name and a file name mention schemas harmlessly. */
export const NAMES = ['identity.account-lifecycle', 'see identity.student_record in docs'];
