/** The evidence context's public face for the composition root: its module. */
export { EvidenceModule } from './evidence.module.js';
