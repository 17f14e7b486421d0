/** The tutoring context's public face for the composition root: its module. Others use `contracts/`. */
export { TutoringModule } from './tutoring.module.js';
