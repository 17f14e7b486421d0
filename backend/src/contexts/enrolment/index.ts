/** The enrolment context's public face: its module, the commands others may send, its events. */
export { EnrolmentModule } from './enrolment.module.js';
export { EnrolStudent, RateCourse, SetFavourite } from './application/commands/enrolment.commands.js';
export * from './contracts/enrolment.events.js';
