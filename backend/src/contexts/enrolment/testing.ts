/** Commands the demo data and the tests send directly (docs/adr/0007-contracts-only-boundaries.md). */
export { EnrolStudent, EnrolStudentHandler } from './application/commands/enrol-student.command.js';
export { RateCourse } from './application/commands/rate-course.command.js';
export { SetFavourite } from './application/commands/set-favourite.command.js';
export { SetEnrolmentFunding } from './application/commands/set-enrolment-funding.command.js';
export { SetEnrolmentContacts } from './application/commands/set-enrolment-contacts.command.js';
export { AddSessionMember, RemoveSessionMember, ScheduleSession, SetSessionLearnerReason } from './application/commands/training-session.commands.js';
export { GetSession, ListSessions } from './application/queries/training-session.queries.js';
export { EdofReminders } from './application/edof-reminders.js';
