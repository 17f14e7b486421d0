/** identity publishes its student record; publishing another context's table is refused. */
export const STUDENT_RECORD = 'identity.student_record';
export const NOT_MINE = 'catalogue.course';
