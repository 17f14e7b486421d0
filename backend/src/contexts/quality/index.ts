/** The quality context's public face for the composition root: its module. */
export { QualityModule } from './quality.module.js';
