import { isDatabaseUnavailable } from '../database/connection-errors.js';

/** What a client reads while the database cannot be reached (docs/adr/0023-surviving-a-database-outage.md). */
export const SERVICE_UNAVAILABLE_MESSAGE = 'Service momentanément indisponible, réessayez dans quelques instants.';
/** Seconds a client is asked to wait before sending the request again (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * True when a request failed only because the database is away (a restart, a failover): it is
 * answered 503 with `Retry-After`, never 500, by the error filter and by the xAPI routes' own handler.
 */
export function isServiceUnavailable(error: unknown): boolean {
  return isDatabaseUnavailable(error);
}
