/** The engagement context's public face for the composition root: its module. */
export { EngagementModule } from './engagement.module.js';
