/** An entity mapped on another context's schema. */
export const StudentSchema = { name: 'Student', tableName: 'student', schema: 'identity' };
