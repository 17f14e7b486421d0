/** The xAPI context's public face for the composition root: its module, and the remapping job its CLI runs. Others use `contracts/`. */
export { XapiModule } from './xapi.module.js';
export { RemapScormStatements, type RemapReport } from './application/commands/remap-scorm-statements.command.js';
