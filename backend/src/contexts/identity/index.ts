/** The identity context's public face for the composition root: its module. Others use `contracts/`. */
export { IdentityModule } from './identity.module.js';
