/** Status messages shared by every feature and area: not found, in preparation, load failure. */
export { StatusMessage, type StatusKind } from './status-message';
