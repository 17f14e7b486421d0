/** The indicators context's public face for the composition root: its module. */
export { IndicatorsModule } from './indicators.module.js';
