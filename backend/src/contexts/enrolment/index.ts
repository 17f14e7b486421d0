/** The enrolment context's public face for the composition root: its module. Others use `contracts/`. */
export { EnrolmentModule } from './enrolment.module.js';
