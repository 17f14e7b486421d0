/** The identity context's public face for the composition root: its module. Others use `contracts/`. */
export { IdentityModule } from './identity.module.js';
/** The retention purge the operators' command runs (cli/purge-personal-data.ts, docs/adr/0015). */
export { ErasePersonalData } from './application/commands/erase-personal-data.command.js';
