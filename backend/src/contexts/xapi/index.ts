/** The xAPI context's public face for the composition root: its module. Others use `contracts/`. */
export { XapiModule } from './xapi.module.js';
