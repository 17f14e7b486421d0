/** The satisfaction context's public face for the composition root: its module. */
export { SatisfactionModule } from './satisfaction.module.js';
