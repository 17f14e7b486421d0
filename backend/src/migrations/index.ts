import { Migration20261121001Identity } from './20261121-001-identity.js';
import { Migration20261121002EventLog } from './20261121-002-event-log.js';

/** Every migration, in order. Listed explicitly so that the built app needs no file discovery. */
export const MIGRATIONS = [Migration20261121001Identity, Migration20261121002EventLog];
