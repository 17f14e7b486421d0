/** The assessment context's public face for the composition root: its module. Others use `contracts/`. */
export { AssessmentModule } from './assessment.module.js';
