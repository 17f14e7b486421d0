/** The identity context's public face: its module and the commands/queries other parts may send. */
export { IdentityModule } from './identity.module.js';
export { RegisterStudent } from './application/commands/register-student.command.js';
export { RegisterTeacher } from './application/commands/register-teacher.command.js';
export { CreateAdmin } from './application/commands/create-admin.command.js';
export { ToggleAccountActive } from './application/commands/toggle-account-active.command.js';
export { GetStudentProfile, GetTeacherProfile } from './application/queries/profile.queries.js';
export type { StudentView, TeacherView } from './application/queries/profile.queries.js';
export type { TeacherDetails } from './domain/profiles.entity.js';
export { ACCOUNT_STREAM, type IdentityEvent, type IdentityEventType } from './contracts/identity.events.js';
export { GetTeacherSummaries } from './application/queries/teacher-summaries.query.js';
export type { TeacherSummary } from './application/queries/teacher-summaries.query.js';
