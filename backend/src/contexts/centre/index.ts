/** The centre context's public face for the composition root: its module. */
export { CentreModule } from './centre.module.js';
