/** The learning-progress context's public face for the composition root: its module. Others use `contracts/`. */
export { LearningProgressModule } from './learning-progress.module.js';
