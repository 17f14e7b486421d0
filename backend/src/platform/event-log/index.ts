/** What contexts use of the event log: append in their transaction, register projections and policies. */
export { EventLog, eventIdFor, type AppendRequest, type AppendResult, type NewStreamsAppend } from './event-log.js';
export { EventLogModule } from './event-log.module.js';
export { ProjectionRegistry } from './projection-registry.js';
export type { Policy, Projection, ProjectionRow } from './projection.js';
export type { EventMetadata, NewEvent, RecordedEvent } from './recorded-event.js';
export { StreamVersionConflictError } from './event-log.errors.js';
export { withEventContext } from './event-context.js';
export { EventStreamReader, type StreamMatch, type LogStreamRef } from './stream-reader.js';
