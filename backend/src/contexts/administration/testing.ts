/** Queries the demo data's tests read directly (docs/adr/0007-contracts-only-boundaries.md). */
export { GetServiceFait } from './application/queries/service-fait.query.js';
