/** The administration context's public face for the composition root: its module. */
export { AdministrationModule } from './administration.module.js';
