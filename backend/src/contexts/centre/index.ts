/** The centre context's public face for the composition root: its module, and the head every SPA page gets (docs/adr/0049). */
export { CentreModule } from './centre.module.js';
export { centreHead } from './http/centre-head.js';
